import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './bundle-app';

/** The Electron the app is pinned to (package.json pins the same version exactly). */
export const ELECTRON_VERSION = '45.4.1';

/** The executable's name inside an Electron distribution on this platform. */
function executableInDist(platform: NodeJS.Platform): string {
  if (platform === 'win32') return 'electron.exe';
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  return 'electron';
}

/**
 * The installed Electron binary, found the way the `electron` package finds it (its `path.txt`,
 * or `ELECTRON_OVERRIDE_DIST_PATH`), without loading the package: since v45 loading it starts a
 * download when the binary is missing.
 */
export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const packageDir = join(ROOT, 'node_modules/electron');
  const pathFile = join(packageDir, 'path.txt');
  const recorded = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override
    ? join(override, recorded ?? executableInDist(process.platform))
    : recorded
      ? join(packageDir, 'dist', recorded)
      : undefined;
  return candidate !== undefined && existsSync(candidate) ? candidate : undefined;
}

/** The one paragraph `npm start` prints when there is no Electron to run. */
export const NO_ELECTRON_MESSAGE = [
  'Photo Uploader cannot start: no Electron binary is installed.',
  `npm installed the electron package without its binary (ELECTRON_SKIP_BINARY_DOWNLOAD was set, or Electron's download host is unreachable from here).`,
  `To install it, run \`npx install-electron --no\` (it downloads Electron ${ELECTRON_VERSION}; it needs Node 22.12 or newer and access to github.com),`,
  `or set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an unpacked Electron ${ELECTRON_VERSION}, then run \`npm start\` again.`,
  'Everything else works without it: `npm test`, `npm run service` (the local Photo Service) and `npm run cli` (the uploader from the command line).',
].join(' ');

/** Where Electron's binaries come from (its own default, unless a mirror is set). */
const DOWNLOAD_HOST = 'https://github.com/electron/electron/releases/';
/** How long the download host may take to answer before we decide it is out of reach. */
const REACH_TIMEOUT_MS = 5000;

/**
 * Downloads the Electron binary the way the `electron` package itself would on first use (its
 * `install.js`), when allowed and reachable: not with `ELECTRON_SKIP_BINARY_DOWNLOAD` or
 * `ELECTRON_OVERRIDE_DIST_PATH` set, and only if the download host answers within 5 s, so that an
 * offline machine hears at once why the app cannot start. Returns the binary, if there is one now.
 */
export async function installElectronBinary(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<string | undefined> {
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD || env.ELECTRON_OVERRIDE_DIST_PATH) return undefined;
  try {
    await fetch(env.ELECTRON_MIRROR ?? DOWNLOAD_HOST, {
      method: 'HEAD',
      signal: AbortSignal.timeout(REACH_TIMEOUT_MS),
    });
  } catch {
    return undefined;
  }
  log(`Downloading Electron ${ELECTRON_VERSION} once (what \`npx install-electron\` does)…`);
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron/install.js')], {
    stdio: 'inherit',
    env,
    timeout: 15 * 60_000,
  });
  return result.status === 0 ? findElectronBinary(env) : undefined;
}
