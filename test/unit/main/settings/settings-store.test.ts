import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/logging/logger';
import { SettingsStore } from '../../../../main/settings/settings-store';

describe('SettingsStore', () => {
  it('saves settings in the given folder and reads them back in a new instance', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-'));
    new SettingsStore(dir, silentLogger).update({
      authUrl: 'https://auth.example.com',
      clientId: 'c',
      redirect: 'loopback',
    });
    expect(new SettingsStore(dir, silentLogger).get()).toEqual({
      authUrl: 'https://auth.example.com',
      clientId: 'c',
      redirect: 'loopback',
    });
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({
      clientId: 'c',
    });
  });

  it('leaves unchanged what a patch does not name, and refuses invalid values', async () => {
    const store = new SettingsStore(await mkdtemp(join(tmpdir(), 'settings-')), silentLogger);
    store.update({ clientId: 'c' });
    store.update({ scope: 'read', clientId: undefined });
    expect(store.get()).toEqual({ clientId: 'c', scope: 'read' });
    expect(() => store.update({ authUrl: 'javascript:alert(1)' })).toThrow();
    expect(() => store.update({ redirectScheme: 'myapp' })).toThrow();
    expect(store.get()).toEqual({ clientId: 'c', scope: 'read' });
  });

  it('drops hand-edited invalid fields and survives a corrupt file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-'));
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ clientId: 'c', authUrl: 42, redirect: 'carrier-pigeon' }),
    );
    expect(new SettingsStore(dir, silentLogger).get()).toEqual({ clientId: 'c' });
    await writeFile(join(dir, 'settings.json'), '{ not json');
    expect(new SettingsStore(dir, silentLogger).get()).toEqual({});
  });
});
