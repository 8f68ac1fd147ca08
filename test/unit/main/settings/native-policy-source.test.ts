import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/logging/logger';
import {
  NativePolicySource,
  type PolicyWatcherLibrary,
} from '../../../../main/settings/native-policy-source';

type Update = Record<string, string | number | boolean | undefined>;

/** The library as it behaves: one report on start with every set value, one per change. */
function fakeLibrary() {
  const made: { productName: string; types: Record<string, string>; registryPath?: string }[] = [];
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
    expect(fake.made[0]?.types).toMatchObject({
      photoHost: 'string',
      concurrency: 'number',
      keepOriginals: 'boolean',
      authUrl: 'string',
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
    expect(read.kind === 'unreadable' ? read.problem : '').toMatch(/reinstall/);
  });
});
