import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e-harness';

/** A headless Chromium started in this process's session, and how to stop it. */
export type SessionChromium = {
  readonly browser: Browser;
  close(): Promise<void>;
};

/**
 * Starts headless Chromium as a plain child of this process, in its session, and connects to it
 * over CDP. Playwright's own launch starts the browser in a session of its own; on Linux the
 * scheduler then shares the CPU between that session and ours as between two users, so the
 * window got half the machine whatever the core's threads asked for. The desktop app runs its
 * window and its core in one session, where the core's intake threads yield to the window (they
 * run at a lower priority): the bench that measures the window under intake must run them the
 * same way.
 */
export async function launchChromiumInThisSession(): Promise<SessionChromium> {
  const profile = await mkdtemp(join(tmpdir(), 'session-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--headless',
      '--hide-scrollbars',
      '--mute-audio',
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      '--disable-renderer-backgrounding',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Chromium did not start in 30 s')), 30_000);
      child.once('exit', (code) =>
        reject(new Error(`Chromium exited (${code}) before it listened`)),
      );
      createInterface({ input: child.stderr }).on('line', (line) => {
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(line);
        if (found?.[1] === undefined) return;
        clearTimeout(timer);
        resolve(found[1]);
      });
    });
    const browser = await chromium.connectOverCDP(endpoint);
    return {
      browser,
      async close() {
        await browser.close().catch(() => undefined);
        child.kill('SIGTERM');
        await exited;
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}
