import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './bundle-app';

/** The Electron the app is pinned to (package.json pins the same version exactly). */
export const ELECTRON_VERSION = '45.4.1';

/** The `electron` package: its `install.js` downloads the binary with `@electron/get`. */
const ELECTRON_PACKAGE = join(ROOT, 'node_modules/electron');

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
  const pathFile = join(ELECTRON_PACKAGE, 'path.txt');
  const recorded = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override
    ? join(override, recorded ?? executableInDist(process.platform))
    : recorded
      ? join(ELECTRON_PACKAGE, 'dist', recorded)
      : undefined;
  return candidate !== undefined && existsSync(candidate) ? candidate : undefined;
}

/**
 * The one paragraph `npm start` prints when there is no Electron to run; `reason` says why this
 * run did not download it (a skip that was asked for, or what the download reported).
 */
export function noElectronParagraph(reason: string): string {
  return [
    'Photo Uploader cannot start: no Electron binary is installed.',
    reason,
    `To install Electron ${ELECTRON_VERSION}, run \`npm start\` again where its download works:`,
    "it downloads with Electron's own installer (@electron/get, the same as `npx install-electron --no`),",
    "which takes its mirror from ELECTRON_MIRROR or npm's electron_mirror setting (`npm config set electron_mirror <url>`)",
    'and goes through HTTPS_PROXY / HTTP_PROXY (minus NO_PROXY) when one is set.',
    `Or set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an unpacked Electron ${ELECTRON_VERSION}.`,
    'Everything else works without it: `npm test`, `npm run service` (the local Photo Service) and `npm run cli` (the uploader from the command line).',
  ].join(' ');
}

/** Whether any of the proxy variables undici's `EnvHttpProxyAgent` reads is set. */
function hasProxyVariable(env: NodeJS.ProcessEnv): boolean {
  return ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) =>
    Boolean(env[name]),
  );
}

/**
 * The environment for the `electron` package's installer: the user's own, so `@electron/get`
 * reads ELECTRON_MIRROR, npm's `npm_config_electron_mirror` and its cache settings itself. It
 * only uses the proxy variables when `ELECTRON_GET_USE_PROXY` is set, so that is set whenever a
 * proxy is (the user's own value, e.g. an empty one to opt out, wins).
 */
export function electronDownloadEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!hasProxyVariable(env) || 'ELECTRON_GET_USE_PROXY' in env) return { ...env };
  return { ...env, ELECTRON_GET_USE_PROXY: '1' };
}

/**
 * What the installer's error output says went wrong, in one line: the message of the error it
 * printed (e.g. "HTTPError: Response code 404 (Not Found) for <url>"), without stack frames or
 * any user:password in a URL.
 */
export function downloadFailureReason(installerOutput: string): string {
  const message = installerOutput
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('at '));
  const said = message === undefined ? 'the installer stopped without saying why' : message;
  return `Downloading it failed: ${said.replace(/\/\/[^/@\s]*@/g, '//')}.`.replace(/\.\.$/, '.');
}

/** What one download attempt gave: the binary, or why there is none. */
export type ElectronInstall = { binary: string } | { binary: undefined; reason: string };

/** How long a download may run (Electron is about 100 MB). */
const DOWNLOAD_TIMEOUT_MS = 15 * 60_000;

/**
 * Downloads the Electron binary exactly as the `electron` package does on first use: by running
 * its own `install.js` (`@electron/get`, then unpacking into node_modules/electron/dist and
 * writing path.txt). No separate reachability check: the installer's own settings (mirror,
 * proxy) decide where it goes, and its failure is reported. Not with
 * `ELECTRON_SKIP_BINARY_DOWNLOAD` or `ELECTRON_OVERRIDE_DIST_PATH` set: the user chose those.
 */
export async function installElectronBinary(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<ElectronInstall> {
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD)
    return {
      binary: undefined,
      reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it was not downloaded.',
    };
  if (env.ELECTRON_OVERRIDE_DIST_PATH)
    return {
      binary: undefined,
      reason: `ELECTRON_OVERRIDE_DIST_PATH (${env.ELECTRON_OVERRIDE_DIST_PATH}) holds no Electron executable.`,
    };
  log(`Downloading Electron ${ELECTRON_VERSION} once, with Electron's own installer…`);
  const child = spawn(process.execPath, [join(ELECTRON_PACKAGE, 'install.js')], {
    cwd: ROOT,
    env: electronDownloadEnv(env),
    stdio: ['ignore', 'inherit', 'pipe'],
    timeout: DOWNLOAD_TIMEOUT_MS,
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-16_384)));
  const code = await new Promise<number | null>((resolve) => {
    child.once('close', (exitCode) => resolve(exitCode));
    child.once('error', (error) => {
      output += `\n${error.message}`;
      resolve(1);
    });
  });
  const binary = code === 0 ? findElectronBinary(env) : undefined;
  return binary !== undefined
    ? { binary }
    : { binary: undefined, reason: downloadFailureReason(output) };
}
