import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PRODUCT_NAME } from '../shared/domain/app-identity';
import { KeytarSecretStore } from '../main/secrets/keytar-secret-store';
import { startPhotoService } from '../service/photo-service';
import { bundleApp, ROOT } from './bundle-app';
import { runDemoSession } from './demo-session';
import { findElectronBinary, installElectronBinary, noElectronParagraph } from './electron-binary';
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
async function runApp(binary: string, env: NodeJS.ProcessEnv, stop?: AbortSignal): Promise<number> {
  const run = await runElectron(binary, [ROOT, ...process.argv.slice(2)], env, stop);
  const remedy = run.code === 0 ? undefined : sandboxRemedy(run.stderrTail, dirname(binary));
  if (remedy !== undefined) process.stderr.write(`\n${remedy}\n`);
  return run.code;
}

/**
 * `npm start`: builds the app and runs it in Electron. With no Photo Service configured (a fresh
 * machine), it is demo mode (`runDemoSession`): the local Photo Service and its S3-compatible
 * store start on loopback, the app runs in a fresh data folder configured against them, and the
 * folder and the run's keychain entries are removed when it ends, Ctrl-C and SIGTERM included.
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

  const keychain = new KeytarSecretStore();
  return runDemoSession({
    startService: () => startPhotoService({ admin: true, withS3: true, allowPrivateFetch: true }),
    makeDataDir: () => mkdtemp(join(tmpdir(), 'photo-uploader-demo-')),
    runApp: (env, stop) => runApp(binary, env, stop),
    removal: {
      removeFolder: (path) => rm(path, { recursive: true, force: true }),
      deleteSecret: (name) => keychain.delete(name),
    },
    signals: process,
    env: process.env,
    say: (text) => process.stderr.write(text),
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
