import { parseServiceArgs } from './options';
import { startPhotoService } from './photo-service';
import { stopOnSignal } from './stop-on-signal';

/**
 * Demo mode (`npm start`, until the desktop app lands): the local Photo Service with its
 * S3-compatible store, a consent page and the control API, and a short guide on stderr.
 */
async function main(): Promise<void> {
  const service = await startPhotoService({
    // PHOTO_SERVICE_PORT pins the port (checked like --port); by default any free port.
    port: parseServiceArgs(['--port', process.env.PHOTO_SERVICE_PORT ?? '0']).port,
    admin: true,
    withS3: true,
    allowPrivateFetch: true,
  });
  const { info } = service;
  process.stdout.write(`${JSON.stringify(info)}\n`);
  process.stderr.write(
    [
      '',
      'Photo Uploader demo mode: the local Photo Service is running.',
      `  Browse what arrived:   ${info.base_url}/`,
      `  OAuth server:          ${info.auth_url}/.well-known/oauth-authorization-server`,
      `  API:                   ${info.base_url}/v2`,
      `  Control API:           ${info.admin_url ?? '(off)'}/state`,
      `  S3-compatible store:   ${info.s3?.endpoint ?? '(off)'} (bucket ${info.s3?.bucket ?? '-'})`,
      `  Demo client id:        ${info.client_id} (its secret is in the JSON line above)`,
      `  Projects:              ${info.projects.map((project) => project.name).join(', ')}`,
      '',
      'The desktop app is not built yet; this service is what it will run against. Ctrl+C stops it.',
      '',
    ].join('\n'),
  );
  stopOnSignal(service);
}

main().catch((error: unknown) => {
  process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
