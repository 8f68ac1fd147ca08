import { describe, expect, it } from 'vitest';
import { englishOf } from '../../../support/policy-read';
import { silentLogger } from '../../../../main/logging/logger';
import {
  NativePolicySource,
  type PolicyWatcherLibrary,
} from '../../../../main/settings/native-policy-source';

type Update = Record<string, string | number | boolean | undefined>;
type Types = Record<string, string | readonly string[]>;

/** The library as it behaves: one report on start with every set value, one per change. */
function fakeLibrary() {
  const made: { productName: string; types: Types; registryPath?: string }[] = [];
  let report: ((update: Update) => void) | undefined;
  let disposed = false;
  const library: PolicyWatcherLibrary = {
    createWatcher(productName, policies, onDidChange, options) {
      made.push({
        productName,
        types: Object.fromEntries(Object.entries(policies).map(([k, v]) => [k, v.type])),
        ...(options?.registryPath === undefined ? {} : { registryPath: options.registryPath }),
      });
      report = onDidChange;
      setImmediate(() => onDidChange({ photoHost: '{"kind":"s3","region":"r","bucket":"b"}' }));
      return { dispose: () => (disposed = true) };
    },
  };
  return { library, made, report: (u: Update) => report?.(u), disposed: () => disposed };
}

describe('the registry or managed preferences, through @vscode/policy-watcher', () => {
  it('asks for every policy setting by its type and converts what it reports', async () => {
    const fake = fakeLibrary();
    const source = new NativePolicySource(
      'HKLM\\Software\\Policies\\PhotoUploader',
      { productName: 'PhotoUploader', registryPath: 'Software\\Policies\\PhotoUploader' },
      silentLogger,
      () => Promise.resolve(fake.library),
    );
    expect(await source.read()).toEqual({
      kind: 'values',
      values: { photoHost: { kind: 's3', region: 'r', bucket: 'b' } },
    });
    expect(fake.made).toEqual([
      expect.objectContaining({
        productName: 'PhotoUploader',
        registryPath: 'Software\\Policies\\PhotoUploader',
      }),
    ]);
    // Every type is asked for, so a value of the wrong type is seen and refused, not left out.
    const anyType = ['string', 'number', 'boolean'];
    expect(fake.made[0]?.types).toMatchObject({
      photoHost: anyType,
      concurrency: anyType,
      keepOriginals: anyType,
      authUrl: anyType,
    });
    let changes = 0;
    const stop = source.watch(() => (changes += 1));
    fake.report({ photoHost: undefined, concurrency: 3 });
    expect(changes).toBe(1);
    expect(await source.read()).toEqual({ kind: 'values', values: { concurrency: 3 } });
    stop();
    expect(fake.disposed()).toBe(true);
  });

  it('is unreadable, saying so, when the library cannot be loaded', async () => {
    const source = new NativePolicySource(
      'the managed preferences of com.photouploader.app',
      { productName: 'com.photouploader.app' },
      silentLogger,
      () => Promise.reject(new Error('Cannot find module')),
    );
    const read = await source.read();
    expect(englishOf(read)).toMatch(/reinstall/);
  });

  it('refuses the whole policy when a value has the wrong type (a REG_DWORD number, say)', async () => {
    const fake = fakeLibrary();
    const source = new NativePolicySource(
      'HKLM\\Software\\Policies\\PhotoUploader',
      { productName: 'PhotoUploader', registryPath: 'Software\\Policies\\PhotoUploader' },
      silentLogger,
      () => Promise.resolve(fake.library),
    );
    await source.read();
    fake.report({ authUrl: 'https://sso.example.com', concurrency: true });
    expect(englishOf(await source.read())).toBe(
      'concurrency is on/off (a REG_DWORD or a boolean), not a number: write it as a REG_QWORD, or an integer in a profile',
    );
    fake.report({ authUrl: 5 });
    expect(englishOf(await source.read())).toBe(
      'authUrl is a number (a REG_QWORD or an integer), not text: write it as a REG_SZ, or a string in a profile',
    );
    fake.report({ keepOriginals: 'yes' });
    expect(englishOf(await source.read())).toBe(
      'keepOriginals is text (a REG_SZ or a string), not on/off: write it as a REG_DWORD of 0 or 1, or a boolean in a profile',
    );
  });

  it('tells its watchers of a first report that comes after it stopped waiting', async () => {
    let report: ((update: Update) => void) | undefined;
    const slow: PolicyWatcherLibrary = {
      createWatcher(_productName, _policies, onDidChange) {
        report = onDidChange;
        return { dispose: () => undefined };
      },
    };
    const source = new NativePolicySource(
      'the managed preferences of com.photouploader.app',
      { productName: 'com.photouploader.app' },
      silentLogger,
      () => Promise.resolve(slow),
      1,
    );
    const first = await source.read();
    expect(englishOf(first)).toMatch(/did not answer/);
    let changes = 0;
    const stop = source.watch(() => (changes += 1));
    report?.({ concurrency: 3 });
    expect(changes).toBe(1);
    expect(await source.read()).toEqual({ kind: 'values', values: { concurrency: 3 } });
    stop();
  });
});
