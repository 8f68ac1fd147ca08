import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, type LogRecord, silentLogger } from '../../../../main/logging/logger';
import { Redactor } from '../../../../main/logging/redactor';
import { DEFAULT_MAX_FILE_BYTES } from '../../../../main/media/file-limits';
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

  it('refuses a plain-http address on another computer, naming it, and keeps loopback http', async () => {
    const store = new SettingsStore(await mkdtemp(join(tmpdir(), 'settings-')), silentLogger);
    expect(() => store.update({ baseUrl: 'http://api.example.com' })).toThrow(
      /The address http:\/\/api\.example\.com is not secure: use https/,
    );
    expect(() =>
      store.update({
        photoHost: {
          kind: 'published',
          root: '/srv/photos',
          urlPrefix: 'http://photos.example.com/',
        },
      }),
    ).toThrow(/http:\/\/photos\.example\.com is not secure/);
    expect(() =>
      store.update({
        photoHost: {
          kind: 's3',
          endpoint: 'http://minio.example.com:9000',
          region: 'r',
          bucket: 'b',
          prefix: '',
          pathStyle: true,
        },
      }),
    ).toThrow(/http:\/\/minio\.example\.com:9000 is not secure/);
    store.update({ authUrl: 'http://127.0.0.1:4000', baseUrl: 'http://localhost:4000' });
    expect(store.get()).toEqual({
      authUrl: 'http://127.0.0.1:4000',
      baseUrl: 'http://localhost:4000',
    });
  });

  it('drops a hand-edited plain-http remote address with a warning that says why', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-'));
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({
        clientId: 'c',
        authUrl: 'http://auth.example.com',
        baseUrl: 'https://api.example.com',
        photoHost: { kind: 'published', root: '/srv', urlPrefix: 'http://10.0.0.5/photos/' },
      }),
    );
    const records: LogRecord[] = [];
    const logger = createLogger({
      sink: (record) => records.push(record),
      redactor: new Redactor(),
    });
    expect(new SettingsStore(dir, logger).get()).toEqual({
      clientId: 'c',
      baseUrl: 'https://api.example.com',
    });
    expect(records.map((record) => [record.level, record.message, record.fields])).toEqual([
      [
        'warn',
        'ignoring an invalid setting',
        {
          setting: 'authUrl',
          problem: expect.stringMatching(
            /^The address http:\/\/auth\.example\.com is not secure/,
          ) as string,
        },
      ],
      [
        'warn',
        'ignoring an invalid setting',
        {
          setting: 'photoHost',
          problem: expect.stringMatching(
            /^The address http:\/\/10\.0\.0\.5 is not secure/,
          ) as string,
        },
      ],
    ]);
  });

  it('keeps a per-file size limit within 1 MiB and 4 GiB, 500 MiB by default', async () => {
    const store = new SettingsStore(await mkdtemp(join(tmpdir(), 'settings-')), silentLogger);
    expect(store.maxFileBytes()).toBe(DEFAULT_MAX_FILE_BYTES);
    expect(DEFAULT_MAX_FILE_BYTES).toBe(500 * 1024 * 1024);
    store.update({ maxFileBytes: 50 * 1024 * 1024 });
    expect(store.maxFileBytes()).toBe(50 * 1024 * 1024);
    expect(() => store.update({ maxFileBytes: 1000 })).toThrow();
    expect(() => store.update({ maxFileBytes: 5 * 1024 * 1024 * 1024 })).toThrow();
    expect(() => store.update({ maxFileBytes: 1024 * 1024 + 0.5 })).toThrow();
    expect(store.maxFileBytes()).toBe(50 * 1024 * 1024);
  });
});
