import { type ChildProcess, spawn } from 'node:child_process';
import { bundledCliEntry } from './cli-bundle';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import sharp from 'sharp';
import { Agent, fetch } from 'undici';
import { silentLogger } from '../../main/logging/logger';
import { SettingsStore } from '../../main/settings/settings-store';
import type { LaunchInfo } from '../../service/photo-service';

export const ROOT = join(import.meta.dirname, '../..');

/** A generated photo and what the service must end up holding for it. */
export type GeneratedPhoto = {
  readonly path: string;
  readonly capturedAt: number;
  readonly coordinates: { readonly lat: number; readonly lon: number } | null;
};

const two = (value: number) => String(value).padStart(2, '0');

/**
 * Writes `count` unique JPEGs with EXIF (sharp): capture times a minute apart from 2024-05-01
 * 08:00 UTC with an explicit +00:00 offset; every third one with a GPS position.
 */
export async function makePhotos(
  dir: string,
  count: number,
  offset = 0,
): Promise<GeneratedPhoto[]> {
  await mkdir(dir, { recursive: true });
  const photos: GeneratedPhoto[] = [];
  for (let index = 0; index < count; index += 1) {
    const n = index + offset;
    const at = new Date(Date.UTC(2024, 4, 1, 8, 0, 0) + n * 60_000);
    const wall = `${at.getUTCFullYear()}:${two(at.getUTCMonth() + 1)}:${two(at.getUTCDate())} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:00`;
    const withGps = n % 3 === 0;
    const lat = 45 + (n % 50) / 100;
    const exif = {
      IFD0: { Make: 'TestCam', Model: 'Site' },
      IFD2: { DateTimeOriginal: wall, OffsetTimeOriginal: '+00:00' },
      ...(withGps
        ? {
            IFD3: {
              GPSLatitudeRef: 'N',
              GPSLatitude: `${Math.round(lat * 100)}/100 0/1 0/1`,
              GPSLongitudeRef: 'W',
              GPSLongitude: '73/1 30/1 0/1',
            },
          }
        : {}),
    };
    const path = join(dir, `IMG_${String(n).padStart(4, '0')}.jpg`);
    await sharp({
      create: {
        width: 48,
        height: 32,
        channels: 3,
        background: { r: n % 256, g: Math.floor(n / 256) % 256, b: 77 },
      },
    })
      .withExif(exif)
      .jpeg({ quality: 90 })
      .toFile(path);
    photos.push({
      path,
      capturedAt: at.getTime() / 1000,
      coordinates: withGps ? { lat: Math.round(lat * 100) / 100, lon: -73.5 } : null,
    });
  }
  return photos;
}

export type CliRun = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
};

/**
 * Starts the command line with `args`: through tsx directly (quick), or exactly as a user types it,
 * `npm run cli -- …args`, with `viaNpm`. `onLine` sees each stdout line as it arrives. `stdin`
 * is its standard input (empty when not given).
 */
export function startCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  onLine?: (line: string) => void,
  options: { readonly viaNpm?: boolean; readonly stdin?: string } = {},
): { child: ChildProcess; done: Promise<CliRun> } {
  const bundled = bundledCliEntry();
  const [command, prefix] = options.viaNpm
    ? ['npm', ['run', 'cli', '--']]
    : bundled !== undefined
      ? [process.execPath, [bundled]]
      : [process.execPath, ['--import', 'tsx', 'main/cli/run.ts']];
  const child = spawn(command, [...prefix, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  // A command that ends before reading all of it closes its end: not the test's failure.
  child.stdin.on('error', () => undefined);
  child.stdin.end(options.stdin ?? '');
  let stdout = '';
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', (line) => {
    stdout += `${line}\n`;
    onLine?.(line);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<CliRun>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return startCli(args, env).done;
}

/** How `runLogin` signs in and plays the browser. */
export type LoginOptions = {
  /** More flags for `login` (e.g. `--ca-file`, `--verbose`). */
  readonly args?: readonly string[];
  /** More environment (e.g. proxy variables). */
  readonly env?: NodeJS.ProcessEnv;
  /** A CA the browser trusts, for a service over TLS. */
  readonly ca?: string;
  /** Sees the redirect back to the command line (it carries the code) before it is loaded. */
  readonly onCallback?: (url: string) => void;
};

/**
 * `login` on the command line, headless: the test plays the browser (approves, then loads the
 * redirect on the command line's loopback listener). Returns the run, whatever its outcome.
 */
export function runLogin(
  info: LaunchInfo,
  dataDir: string,
  options: LoginOptions = {},
): Promise<CliRun> {
  const browser = options.ca === undefined ? undefined : new Agent({ connect: { ca: options.ca } });
  const open = (url: string, init: { redirect?: 'manual' } = {}) =>
    fetch(url, { ...init, ...(browser ? { dispatcher: browser } : {}) });
  return startCli(
    [
      'login',
      '--no-browser',
      '--data-dir',
      dataDir,
      '--auth-url',
      info.auth_url,
      '--base-url',
      info.base_url,
      '--client-id',
      info.client_id,
      ...(options.args ?? []),
    ],
    { ...options.env, PHOTO_UPLOADER_CLIENT_SECRET: info.client_secret },
    (line) => {
      if (!line.startsWith('http')) return;
      void (async () => {
        const answer = await open(line, { redirect: 'manual' });
        const callback = answer.headers.get('location') ?? '';
        options.onCallback?.(callback);
        await (await open(callback)).text();
      })();
    },
  ).done;
}

/** Signs the command line in (headless, the test plays the browser) and saves the service. */
export async function cliLogin(info: LaunchInfo, dataDir: string): Promise<void> {
  const run = await runLogin(info, dataDir);
  if (run.code !== 0) throw new Error(`login failed: ${run.stderr}`);
}

/** Points the data folder at the service's S3 store, with a pacing window of one second. */
export function configureUploads(
  info: LaunchInfo,
  dataDir: string,
  options: { concurrency?: number; writesPerSecond?: number; maxBackoffMs?: number } = {},
): NodeJS.ProcessEnv {
  const s3 = info.s3!;
  new SettingsStore(dataDir, silentLogger).update({
    photoHost: {
      kind: 's3',
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: s3.bucket,
      prefix: 'uploads/',
      pathStyle: true,
    },
    concurrency: options.concurrency ?? 4,
    pacing: {
      writesPerWindow: options.writesPerSecond ?? 200,
      readsPerWindow: 400,
      windowMs: 1000,
      ...(options.maxBackoffMs === undefined ? {} : { maxBackoffMs: options.maxBackoffMs }),
    },
  });
  return {
    PHOTO_UPLOADER_S3_ACCESS_KEY_ID: s3.access_key_id,
    PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY: s3.secret_access_key,
  };
}
