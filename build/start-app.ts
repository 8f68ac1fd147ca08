import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PRODUCT_NAME } from '../shared/domain/app-identity';
import { startPhotoService } from '../service/photo-service';
import { bundleApp, ROOT } from './bundle-app';
import { findElectronBinary, installElectronBinary, noElectronParagraph } from './electron-binary';
import { localServiceEnv } from './local-service-env';
import { runElectron } from './run-electron';
import { sandboxRemedy } from './sandbox-remedy';

/** The data folder Electron gives the app (`app.getPath('userData')`) on this platform. */
function electronUserData(env: NodeJS.ProcessEnv): string {
  if (env.PHOTO_UPLOADER_DATA_DIR) return env.PHOTO_UPLOADER_DATA_DIR;
  if (process.platform === 'darwin')
    return join(homedir(), 'Library/Application Support', PRODUCT_NAME);
  if (process.platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData/Roaming'), PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}

/** Whether the user has set up a real Photo Service (then demo mode stays out of the way). */
function hasConfiguredService(dataDir: string): boolean {
  const file = join(dataDir, 'settings.json');
  if (!existsSync(file)) return false;
  try {
    const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return typeof settings.authUrl === 'string' && typeof settings.clientId === 'string';
  } catch {
    return false;
  }
}

/**
 * Runs Electron on the built app (with what followed `npm start --`, e.g. `--no-sandbox`) and
 * resolves with its exit code; when it stopped because its sandbox cannot work here, says how
 * to fix that.
 */
async function runApp(binary: string, env: NodeJS.ProcessEnv): Promise<number> {
  const run = await runElectron(binary, [ROOT, ...process.argv.slice(2)], env);
  const remedy = run.code === 0 ? undefined : sandboxRemedy(run.stderrTail, dirname(binary));
  if (remedy !== undefined) process.stderr.write(`\n${remedy}\n`);
  return run.code;
}

/**
 * `npm start`: builds the app and runs it in Electron. With no Photo Service configured (a fresh
 * machine), it is demo mode: the local Photo Service and its S3-compatible store start on
 * loopback, and the app runs in a fresh data folder configured against them.
 */
async function main(): Promise<number> {
  const found = findElectronBinary();
  const install = found === undefined ? await installElectronBinary() : { binary: found };
  if (install.binary === undefined) {
    process.stderr.write(`${noElectronParagraph(install.reason)}\n`);
    return 1;
  }
  const { binary } = install;
  await bundleApp();
  if (hasConfiguredService(electronUserData(process.env))) return runApp(binary, process.env);

  const service = await startPhotoService({ admin: true, withS3: true, allowPrivateFetch: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'photo-uploader-demo-'));
  const { info } = service;
  process.stderr.write(
    [
      'Photo Uploader demo mode: the app runs against the local Photo Service.',
      `  What has arrived:     ${info.base_url}/`,
      `  Projects:             ${info.projects.map((project) => project.name).join(', ')}`,
      `  App data (removed at exit): ${dataDir}`,
      '',
    ].join('\n'),
  );
  try {
    return await runApp(binary, {
      ...process.env,
      PHOTO_UPLOADER_DATA_DIR: dataDir,
      ...localServiceEnv(info),
    });
  } finally {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
