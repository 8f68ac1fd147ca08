import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { silentLogger, Redactor } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { secretNames } from '../../../main/secrets/secret-names';
import { ipcChannels } from '../../../shared/ipc/channels';
import { createIpcDispatcher } from '../../../shared/ipc/dispatcher';

// The core the Electron app and the bridge host serve, without a service: its handler map and
// the rules that need no network.

describe('the app core', () => {
  let dataDir: string;
  let core: AppCore;
  let secrets: InMemorySecretStore;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'app-core-'));
    secrets = new InMemorySecretStore();
    core = await AppCore.start({
      dataDir,
      secrets,
      redactor: new Redactor(),
      logger: silentLogger,
      customScheme: 'com.photouploader.app',
      browser: { open: () => Promise.resolve() },
      chooser: { choose: () => Promise.resolve([]) },
    });
  });

  afterEach(async () => {
    await core.shutdown();
    await rm(dataDir, { recursive: true, force: true });
  });

  const dispatch = () => createIpcDispatcher(core.handlersFor(commandLineFrontEnd));
  const trusted = { trusted: true };

  it('has a handler for every call of the contract, and no other', () => {
    expect(Object.keys(core.handlersFor(commandLineFrontEnd)).sort()).toEqual(
      [...ipcChannels].sort(),
    );
    for (const channel of ipcChannels)
      expect(typeof core.handlersFor(commandLineFrontEnd)[channel]).toBe('function');
  });

  it('keeps the client secret in the keychain and never hands it back', async () => {
    const saved = await dispatch()(
      'settings:set',
      {
        authUrl: 'https://192.0.2.10/',
        baseUrl: 'https://192.0.2.10',
        clientId: 'uploader',
        clientSecret: 'very-secret-value',
        redirect: 'custom-scheme',
      },
      trusted,
    );
    expect(saved).toMatchObject({
      ok: true,
      value: { authUrl: 'https://192.0.2.10', hasClientSecret: true, redirect: 'custom-scheme' },
    });
    expect(JSON.stringify(saved)).not.toContain('very-secret-value');
    expect(await secrets.get(secretNames('https://192.0.2.10', 'uploader').clientSecret)).toBe(
      'very-secret-value',
    );
    expect(JSON.stringify(await dispatch()('settings:get', {}, trusted))).not.toContain(
      'very-secret-value',
    );
    expect(await dispatch()('session:get', {}, trusted)).toMatchObject({
      ok: true,
      value: { state: 'signed-out', service: 'https://192.0.2.10', clientId: 'uploader' },
    });
  });

  it('answers in plain words when nothing is set up, an input is wrong or a photo is unknown', async () => {
    expect(await dispatch()('session:sign-in', {}, trusted)).toMatchObject({
      ok: false,
      code: 'failed',
      message: expect.stringContaining('Settings') as string,
    });
    expect(
      await dispatch()('intake:add-paths', { paths: ['/x'], assumedZone: 'Mars/Olympus' }, trusted),
    ).toMatchObject({ ok: false, code: 'bad-input' });
    expect(
      await dispatch()(
        'queue:add-photos',
        { intakeIds: [41], projectId: 'p', description: '', internal: false },
        trusted,
      ),
    ).toMatchObject({
      ok: false,
      code: 'bad-input',
      message: expect.stringContaining('Add them again') as string,
    });
    expect(await dispatch()('projects:search', { query: 'x' }, trusted)).toMatchObject({
      ok: false,
      code: 'failed',
    });
    expect(
      await dispatch()('settings:set', { authUrl: 'javascript:alert(1)' }, trusted),
    ).toMatchObject({
      ok: false,
      code: 'bad-input',
    });
  });

  it('serves thumbnails only for photos taken in during this session', async () => {
    expect(await core.thumbnail('0'.repeat(32))).toBeUndefined();
  });

  it('exports an empty report as CSV and JSON', async () => {
    expect(await dispatch()('queue:export-report', { format: 'csv' }, trusted)).toMatchObject({
      ok: true,
      value: { mimeType: 'text/csv', content: 'file,project,outcome,photo_id,reason\r\n' },
    });
    expect(await dispatch()('queue:export-report', { format: 'json' }, trusted)).toMatchObject({
      ok: true,
      value: { mimeType: 'application/json', content: '[]\n' },
    });
  });
});
