import { createHash } from 'node:crypto';
import { join, posix, win32 } from 'node:path';
import { PRODUCT_NAME } from '../../shared/domain/app-identity';

/** What decides where the data folder is: the platform, the environment, the home folder. */
export type Platform = {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  readonly home: string;
};

/**
 * The default data folder (settings, queue, thumbnails, logs): the desktop app's `userData`,
 * which Electron puts at its `appData` folder plus the product name. The command line uses the
 * same folder, so that both reach one queue and one sign-in.
 * - Linux: `$XDG_CONFIG_HOME/Photo Uploader`, else `~/.config/Photo Uploader`
 * - macOS: `~/Library/Application Support/Photo Uploader`
 * - Windows: `%APPDATA%\Photo Uploader`
 */
export function defaultDataDir({ platform, env, home }: Platform): string {
  if (platform === 'win32')
    return win32.join(env.APPDATA ?? win32.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin')
    return posix.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  // Linux and the other Unixes: XDG. A relative XDG_CONFIG_HOME is ignored, as Electron does.
  const config = env.XDG_CONFIG_HOME;
  return posix.join(config?.startsWith('/') ? config : posix.join(home, '.config'), PRODUCT_NAME);
}

/**
 * Where the locks shared by every data folder of this user live (one sign-in may be used from
 * several data folders): beside the default data folder's contents, in `locks/`.
 */
export function sharedLocksDir(platform: Platform): string {
  return join(defaultDataDir(platform), 'locks');
}

/** Longest Unix socket path that works everywhere (macOS allows 104 bytes, Linux 108). */
const MAX_SOCKET_PATH_BYTES = 100;

/** The files in a data folder that decide who owns it. */
export type OwnerFiles = {
  /** Held (an OS lock) by the owner for its whole life. */
  readonly lock: string;
  /** Where the owner listens and its token (JSON, mode 0600), written once it listens. */
  readonly endpoint: string;
};

/** The owner files of `dataDir`. */
export function ownerFiles(dataDir: string): OwnerFiles {
  return { lock: join(dataDir, 'owner.lock'), endpoint: join(dataDir, 'owner.json') };
}

/** Where the owner of a data folder listens, before the random parts are chosen. */
export type OwnerAddressPlan =
  /** A Unix socket at this path, in the data folder. */
  | { readonly kind: 'socket'; readonly path: string }
  /** A Unix socket in a new private folder (mkdtemp, 0700): the data folder's path is too long. */
  | { readonly kind: 'private-socket' }
  /** A Windows named pipe with this name plus a random suffix, so nobody can take it first. */
  | { readonly kind: 'pipe'; readonly prefix: string };

/**
 * Where the owner of `dataDir` listens: a named pipe on Windows; on Unix, a socket in the data
 * folder, or, where that path is too long for a socket, one in a fresh private folder.
 */
export function ownerAddressPlan(dataDir: string, platform: NodeJS.Platform): OwnerAddressPlan {
  if (platform === 'win32') {
    const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
    return { kind: 'pipe', prefix: `\\\\.\\pipe\\photo-uploader-${hash}` };
  }
  const inFolder = join(dataDir, 'owner.sock');
  return Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH_BYTES
    ? { kind: 'socket', path: inFolder }
    : { kind: 'private-socket' };
}
