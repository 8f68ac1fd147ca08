import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, chromium, type Page } from 'playwright';
import { expect } from 'vitest';
import { bundleE2eRenderer } from '../../build/bundle-app';
import { localServiceEnv } from '../../build/local-service-env';
import type { LaunchInfo } from '../../service/photo-service';
import { LOOPBACK_REDIRECT, pkcePair, postForm } from './photo-service-harness';
import { ROOT } from './upload-harness';

/** Chromium from Debian, never a downloaded one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine needs (no sandbox as root, no GPU, nothing fetched from outside). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Chromium from Debian, never a downloaded one, with the flags this machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}

/** A native confirmation as the bridge host showed it (see test/e2e/bridge-host/main.ts). */
export type AskedQuestion = {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  readonly buttons: readonly string[];
};

/** A running bridge host process (the real core minus Electron) and what it printed. */
export type RunningBridgeHost = {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly dataDir: string;
  /** Resolves with the next URL the app opens in "the system browser". */
  nextBrowserUrl(): Promise<string>;
  /** Queues the next answer of the file chooser (what the user picks in the dialog). */
  choose(paths: readonly string[]): Promise<void>;
  /** Says where the items of the page's next drop live (the OS tells the app; never the page). */
  drop(paths: readonly string[]): Promise<void>;
  /** Queues the user's next answer to a confirmation dialog (unanswered ones are declined). */
  answerConfirmation(answer: boolean): Promise<void>;
  /** The confirmations shown so far (a setup file's summary, a change of service), in order. */
  questionsAsked(): readonly AskedQuestion[];
  /** What the open dialog was opened for so far (`files`, `folder`, `setup-file`), in order. */
  chooserKinds(): readonly string[];
  stderr(): string;
  stop(): Promise<void>;
};

/**
 * Starts the bridge host against the local service and its S3 store, configured as demo mode
 * configures the app: the service's public client, loopback sign-in, the S3 store as photo host.
 * Without `info`, the app starts unconfigured (intake works; nothing can be sent).
 */
export async function startBridgeHostProcess(
  info: LaunchInfo | undefined,
  options: {
    readonly productionRenderer?: boolean;
    /** More environment for the host (a test's policy file, say). */
    readonly env?: Readonly<Record<string, string>> | undefined;
  } = {},
): Promise<RunningBridgeHost> {
  const rendererDir = await bundleE2eRenderer(
    await mkdtemp(join(tmpdir(), 'e2e-renderer-')),
    options.productionRenderer ?? false,
  );
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-data-'));
  if (info !== undefined && info.s3 === undefined)
    throw new Error('start the service with its S3 store');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/e2e/bridge-host/main.ts',
      '--data-dir',
      dataDir,
      '--renderer',
      rendererDir,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...(info ? localServiceEnv(info) : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const opened: string[] = [];
  const waiting: ((url: string) => void)[] = [];
  const asked: AskedQuestion[] = [];
  const chooserKinds: string[] = [];
  const ready = new Promise<{ url: string; origin: string; token: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bridge host exited (${code}): ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as {
        url?: string;
        origin?: string;
        token?: string;
        open?: string;
        asked?: AskedQuestion;
        choosing?: string;
      };
      if (message.asked !== undefined) asked.push(message.asked);
      else if (message.choosing !== undefined) chooserKinds.push(message.choosing);
      else if (message.open !== undefined) {
        const taker = waiting.shift();
        if (taker) taker(message.open);
        else opened.push(message.open);
      } else if (message.url && message.origin && message.token)
        resolve({ url: message.url, origin: message.origin, token: message.token });
    });
  });
  const started = await ready;
  /** The host's test hooks: what the OS or the user at a native dialog would do. */
  const control = async (name: string, body: unknown): Promise<void> => {
    const response = await fetch(`${started.origin}/control/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${started.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control/${name} answered ${response.status}`);
  };
  return {
    ...started,
    dataDir,
    nextBrowserUrl: () =>
      new Promise((resolve) => {
        const url = opened.shift();
        if (url) resolve(url);
        else waiting.push(resolve);
      }),
    choose: (paths) => control('choose', { paths }),
    drop: (paths) => control('drop', { paths }),
    answerConfirmation: (answer) => control('confirm', { answer }),
    questionsAsked: () => [...asked],
    chooserKinds: () => [...chooserKinds],
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
      await rm(rendererDir, { recursive: true, force: true });
    },
  };
}

/** Plays the user in the system browser: opens the authorization URL and approves. */
export async function approveInBrowser(browser: Browser, url: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await page.getByRole('button', { name: 'Approve' }).click();
    // The app's own tab after the loopback redirect, in the app's language (any of them).
    await page.waitForURL((address) => address.pathname === '/callback');
    await page.getByRole('heading', { level: 1 }).waitFor();
  } finally {
    await page.close();
  }
}

/** A folder of fixture photos (three with GPS, one without) and one file intake must skip. */
export async function fixtureFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'e2e-photos-'));
  const samples = join(ROOT, 'test/fixtures/exif-samples/jpg');
  for (const name of ['gps/DSCN0010.jpg', 'gps/DSCN0012.jpg', 'gps/DSCN0021.jpg', 'Canon_40D.jpg'])
    await copyFile(join(samples, name), join(folder, name.split('/').pop() ?? name));
  await writeFile(join(folder, 'notes.txt'), 'Site visit notes, not a photo.\n');
  return folder;
}

/** Saves a screenshot as a test artifact (never committed) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(ROOT, 'test-results', `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Waits until every image in view has loaded (complete, with a size): a thumbnail still on its way
 * would be photographed as an empty tile. Images out of view are left out (lazy ones load only
 * when scrolled to), and so are hidden ones. A state, not a time: it fails on its timeout only if
 * an image in view never loads.
 */
export async function imagesInViewLoaded(page: Page): Promise<void> {
  // A string evaluated by the page (as misfits() in the journeys): the window's CSP forbids the
  // eval that waitForFunction needs. Between looks it waits for an image to load or a frame.
  await page.evaluate(`(async () => {
    const waiting = () => [...document.images].filter((image) => {
      const box = image.getBoundingClientRect();
      const inView = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 &&
        box.top < innerHeight && box.left < innerWidth &&
        getComputedStyle(image).visibility !== 'hidden';
      return inView && !(image.complete && image.naturalWidth > 0);
    });
    for (let left = waiting(); left.length > 0; left = waiting())
      await Promise.race([
        Promise.all(left.map((image) => image.decode().catch(() => undefined))),
        new Promise((resolve) => requestAnimationFrame(resolve)),
      ]);
  })()`);
}

/** {@link screenshot}, once the images in view have loaded (see {@link imagesInViewLoaded}). */
export async function loadedScreenshot(page: Page, name: string): Promise<string> {
  await imagesInViewLoaded(page);
  return screenshot(page, name);
}

/**
 * A colleague's access token, from the same service through its consent page in `browser` (the
 * public client, PKCE): for changing things behind the app's back.
 */
export async function colleagueToken(browser: Browser, info: LaunchInfo): Promise<string> {
  const pkce = pkcePair();
  const redirect = LOOPBACK_REDIRECT;
  const url = new URL('/oauth/authorize', info.auth_url);
  url.search = new URLSearchParams({
    client_id: info.public_client_id,
    redirect_uri: redirect,
    response_type: 'code',
    scope: 'read write',
    state: 'colleague',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  }).toString();
  const page = await browser.newPage();
  try {
    let code = '';
    await page.route(`${redirect}**`, async (route) => {
      code = new URL(route.request().url()).searchParams.get('code') ?? '';
      await route.fulfill({ status: 200, body: 'ok' });
    });
    await page.goto(url.href);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${redirect}**`);
    const answer = await postForm(info, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      client_id: info.public_client_id,
      code_verifier: pkce.verifier,
    });
    return String(answer.body.access_token);
  } finally {
    await page.close();
  }
}

/** Waits until the queue screen lists `count` items as uploaded. */
export async function waitUntilUploaded(page: Page, count: number): Promise<void> {
  const queue = page.getByRole('list', { name: 'Queued items' });
  await expect
    .poll(() => queue.getByRole('listitem').filter({ hasText: 'Uploaded' }).count(), {
      timeout: 60_000,
    })
    .toBe(count);
}
