import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type DemoSessionParts,
  demoSecretNames,
  removeDemoLeftovers,
  runDemoSession,
  type StopSignal,
} from '../../../build/demo-session';
import { localServiceSeed } from '../../../build/local-service-env';
import type { LaunchInfo } from '../../../service/photo-service';

/** What the local service reports at start, as far as demo mode reads it. */
const info = {
  auth_url: 'http://127.0.0.1:41001',
  base_url: 'http://127.0.0.1:41001/v2',
  admin_url: null,
  admin_token: null,
  client_id: 'confidential',
  client_secret: 'secret',
  public_client_id: 'demo-public',
  redirect_uris: [],
  projects: [{ id: 'p1', name: 'Harbor View Tower' }],
  s3: {
    endpoint: 'http://127.0.0.1:41002',
    region: 'us-east-1',
    bucket: 'photos',
    access_key_id: 'AKIA',
    secret_access_key: 'shh',
  },
} as unknown as LaunchInfo;

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/**
 * A demo run whose app waits until it is stopped (or `appExits` says otherwise), with a real
 * data folder, a keychain kept in a map and signals the test sends.
 */
async function demo(change: { appExits?: number; keychainFails?: boolean } = {}) {
  const root = await mkdtemp(join(tmpdir(), 'demo-session-'));
  folders.push(root);
  const signals = new EventEmitter();
  const keychain = new Map<string, string>();
  const said: string[] = [];
  let serviceClosed = false;
  let appRunning: (() => void) | undefined;
  const appStarted = new Promise<void>((resolve) => (appRunning = resolve));
  let dataDir = '';
  const parts: DemoSessionParts = {
    startService: () =>
      Promise.resolve({
        info,
        close: () => {
          serviceClosed = true;
          return Promise.resolve();
        },
      }),
    makeDataDir: async () => (dataDir = await mkdtemp(join(root, 'photo-uploader-demo-'))),
    runApp: async (env, stop) => {
      // What the app leaves: its files and its keychain entries.
      await writeFile(join(env.PHOTO_UPLOADER_DATA_DIR ?? '', 'queue.db'), '');
      for (const name of demoSecretNames(localServiceSeed(info))) keychain.set(name, 'value');
      appRunning?.();
      if (change.appExits !== undefined) return change.appExits;
      await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
      return 1; // Electron ended by the signal
    },
    removal: {
      removeFolder: (path) => rm(path, { recursive: true, force: true }),
      deleteSecret: (name) => {
        if (change.keychainFails) return Promise.reject(new Error('no Secret Service'));
        keychain.delete(name);
        return Promise.resolve();
      },
    },
    signals,
    env: {},
    say: (text) => said.push(text),
  };
  return {
    run: runDemoSession(parts),
    appStarted,
    send: (signal: StopSignal) => signals.emit(signal),
    signals,
    keychain,
    said,
    dataDir: () => dataDir,
    serviceClosed: () => serviceClosed,
  };
}

describe('demo mode (npm start)', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    'on %s stops the app, removes its data folder and keychain entries, exits %i',
    async (signal, code) => {
      const run = await demo();
      await run.appStarted;
      expect(existsSync(run.dataDir())).toBe(true);
      expect(run.keychain.size).toBe(4);
      run.send(signal);
      expect(await run.run).toBe(code);
      expect(existsSync(run.dataDir())).toBe(false);
      expect([...run.keychain.keys()]).toEqual([]);
      expect(run.serviceClosed()).toBe(true);
      expect(run.signals.listenerCount('SIGINT') + run.signals.listenerCount('SIGTERM')).toBe(0);
    },
  );

  it('cleans up the same way when the app quits by itself, with its exit code', async () => {
    const run = await demo({ appExits: 0 });
    expect(await run.run).toBe(0);
    expect(existsSync(run.dataDir())).toBe(false);
    expect(run.keychain.size).toBe(0);
  });

  it('still removes the folder when the keychain cannot be reached, and says what stayed', async () => {
    const run = await demo({ appExits: 0, keychainFails: true });
    expect(await run.run).toBe(0);
    expect(existsSync(run.dataDir())).toBe(false);
    expect(run.said.filter((line) => line.startsWith('Not removed'))).toHaveLength(4);
  });

  it("names the run's tokens, client secret and S3 keys, all of its own loopback origin", () => {
    const names = demoSecretNames(localServiceSeed(info));
    expect(names).toHaveLength(4);
    for (const name of names) expect(name).toMatch(/127\.0\.0\.1:4100[12]/);
    expect(names.some((name) => name.startsWith('oauth-tokens '))).toBe(true);
    expect(names.some((name) => name.startsWith('s3-secret-access-key '))).toBe(true);
  });

  it('tries every removal even when one fails', async () => {
    const tried: string[] = [];
    const failures = await removeDemoLeftovers(
      { dataDir: '/nowhere', secretNames: ['a', 'b'] },
      {
        removeFolder: () => Promise.reject(new Error('busy')),
        deleteSecret: (name) => {
          tried.push(name);
          return name === 'a' ? Promise.reject(new Error('locked')) : Promise.resolve();
        },
      },
    );
    expect(tried).toEqual(['a', 'b']);
    expect(failures).toEqual(['the demo data folder: busy', 'a demo keychain entry: locked']);
  });
});
