import { OptionsError, parseServiceArgs } from './options';
import { startPhotoService } from './photo-service';
import { stopOnSignal } from './stop-on-signal';

/**
 * `npm run service -- [options]`: starts the local Photo Service and prints, as the first line
 * on stdout, one JSON object with its addresses, demo clients, projects, (with --admin) the
 * control API's `admin_token`, and (with --with-s3) the S3-compatible store. Runs until
 * interrupted. Only that line carries the token; stderr never does.
 */
async function main(): Promise<void> {
  let options;
  try {
    options = parseServiceArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof OptionsError || (error instanceof Error && 'code' in error)) {
      process.stderr.write(`photo-service: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const service = await startPhotoService(options);
  process.stdout.write(`${JSON.stringify(service.info)}\n`);
  process.stderr.write(
    `photo-service: listening at ${service.info.base_url} (browse: ${service.info.base_url}/)\n`,
  );
  stopOnSignal(service);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `photo-service: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
