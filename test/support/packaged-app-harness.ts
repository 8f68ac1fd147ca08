import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import { silentLogger } from '../../main/logging/logger';
import { defaultDataDir, ownerFiles } from '../../main/ownership/data-folder';
import { FileLock } from '../../main/ownership/file-lock';
import { SettingsStore } from '../../main/settings/settings-store';
import type { LaunchInfo } from '../../service/photo-service';
import { runCli } from './upload-harness';

/**
 * Where a packaged app keeps its data when its home is moved under `root`, and the environment
 * that moves it. A packaged app ignores PHOTO_UPLOADER_DATA_DIR (see envForApp), so a test moves
 * the default data folder (the one the app and the command line share, `defaultDataDir`) with
 * the variable that folder is read from on each system:
 * - Linux: `XDG_CONFIG_HOME` (`root/config/Photo Uploader`);
 * - macOS: `HOME`, which Node's `os.homedir()` reads first (`root/home/Library/Application
 *   Support/Photo Uploader`); the login keychain stays the user's, found by the system, not by HOME;
 * - Windows: `APPDATA` (`root\AppData\Roaming\Photo Uploader`).
 */
export function packagedAppHome(
  root: string,
  platform: NodeJS.Platform = process.platform,
): {
  env: Record<string, string>;
  dataDir: string;
} {
  const env: Record<string, string> =
    platform === 'win32'
      ? { APPDATA: win32.join(root, 'AppData', 'Roaming') }
      : platform === 'darwin'
        ? { HOME: posix.join(root, 'home') }
        : { XDG_CONFIG_HOME: posix.join(root, 'config') };
  return { env, dataDir: defaultDataDir({ platform, env, home: env.HOME ?? homedir() }) };
}

/** Runs the command line with `args` and extra environment `env`, to its end. */
export type CommandLineRunner = (
  args: string[],
  env: Record<string, string>,
) => Promise<{ code: number | null; stderr: string }>;

/**
 * Points the data folder at the local service and its S3 store the way a user of a packaged
 * app can: the command line's service and photo host flags (the client secret and S3 keys from
 * the environment, kept in the keychain), which it saves into the folder the app shares. Then
 * the loopback redirect, a saved setting: a packaged Linux `dir` build is not installed as the
 * scheme handler (no desktop entry is registered), and sign-in must not depend on whether the
 * desktop accepted `setAsDefaultProtocolClient`.
 * @param commandLine the command line to run: the source one by default; the packaged app's own
 *   in the real-Electron test, so that the keychain entries belong to the app that reads them
 *   (macOS asks before one program reads another's entry, and nobody answers on a CI runner).
 * @throws Error with the command line's output when it did not save them.
 */
export async function configureForPackagedApp(
  info: LaunchInfo,
  dataDir: string,
  commandLine: CommandLineRunner = runCli,
): Promise<void> {
  const s3 = info.s3;
  if (s3 === undefined) throw new Error('the service was started without its S3 store');
  const run = await commandLine(
    [
      'status',
      '--data-dir',
      dataDir,
      '--auth-url',
      info.auth_url,
      '--base-url',
      info.base_url,
      '--client-id',
      info.client_id,
      '--host',
      's3',
      '--s3-endpoint',
      s3.endpoint,
      '--s3-region',
      s3.region,
      '--s3-bucket',
      s3.bucket,
      '--s3-prefix',
      'uploads/',
      '--s3-path-style',
    ],
    {
      PHOTO_UPLOADER_CLIENT_SECRET: info.client_secret,
      PHOTO_UPLOADER_S3_ACCESS_KEY_ID: s3.access_key_id,
      PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY: s3.secret_access_key,
    },
  );
  if (run.code !== 0) throw new Error(`the command line did not save the settings: ${run.stderr}`);
  new SettingsStore(dataDir, silentLogger).update({ redirect: 'loopback' });
}

/**
 * Whether nobody owns the data folder any more: its owner lock can be taken (and is let go at
 * once) and no owner endpoint is advertised.
 */
export function ownerLockFree(dataDir: string): boolean {
  const files = ownerFiles(dataDir);
  if (existsSync(files.endpoint)) return false;
  if (!existsSync(files.lock)) return true;
  const lock = FileLock.tryAcquire(files.lock);
  lock?.release();
  return lock !== undefined;
}
