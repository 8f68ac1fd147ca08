import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/logging/logger';
import { ManagedSettingError } from '../../../../main/settings/managed-settings';
import { SettingsStore } from '../../../../main/settings/settings-store';

const policy = {
  kind: 'applied',
  origin: '/etc/photo-uploader/policy.json',
  values: { authUrl: 'https://sso.example.com', concurrency: 2 },
} as const;

describe('settings the organisation manages', () => {
  it('win over the user’s and never reach the settings file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'managed-'));
    const store = new SettingsStore(dir, silentLogger);
    store.update({ authUrl: 'https://mine.example.com', concurrency: 8, clientId: 'c' });
    store.usePolicy(policy);
    expect(store.get()).toMatchObject({
      authUrl: 'https://sso.example.com',
      concurrency: 2,
      clientId: 'c',
    });
    expect([...store.managed()]).toEqual(['authUrl', 'concurrency']);
    store.update({ scope: 'read' });
    const file: unknown = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(file).toMatchObject({ authUrl: 'https://mine.example.com', concurrency: 8 });
  });

  it('refuse a change, naming the setting and saving nothing of the patch', async () => {
    const store = new SettingsStore(await mkdtemp(join(tmpdir(), 'managed-')), silentLogger);
    store.usePolicy(policy);
    let refusal: unknown;
    try {
      store.update({ concurrency: 5, scope: 'read' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ManagedSettingError);
    expect((refusal as Error).message).toBe(
      'Your organisation manages concurrency, so it cannot be changed here. Nothing was changed.',
    );
    expect(store.get().scope).toBeUndefined();
  });

  it('take the policy’s own value back without a refusal (a form sent back whole)', async () => {
    const store = new SettingsStore(await mkdtemp(join(tmpdir(), 'managed-')), silentLogger);
    store.usePolicy(policy);
    expect(store.update({ concurrency: 2, scope: 'read' })).toMatchObject({
      concurrency: 2,
      scope: 'read',
    });
  });

  it('stop being managed once the policy is gone: the user’s own values are back', async () => {
    const store = new SettingsStore(await mkdtemp(join(tmpdir(), 'managed-')), silentLogger);
    store.update({ concurrency: 8 });
    store.usePolicy(policy);
    store.usePolicy({
      kind: 'invalid',
      origin: 'x',
      problem: 'not JSON',
      words: { key: 'error.policy.unreadable', values: { detail: 'not JSON' } },
    });
    expect(store.get().concurrency).toBe(8);
    expect(store.managed().size).toBe(0);
  });
});
