import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { NOT_SIGNED_IN_WORDS, SESSION_ENDED_WORDS } from '../../../main/core/sign-in-failure';
import { silentLogger, Redactor } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { secretNames } from '../../../main/secrets/secret-names';
import { ipcChannels } from '../../../shared/ipc/channels';
import { createIpcDispatcher, IpcFailure } from '../../../shared/ipc/dispatcher';
import { plainBatch, takeInThroughCore } from '../../support/core-intake';
import { loopbackBrowser } from '../../support/auth-harness';
import { admin, startTestService, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { makePhotos } from '../../support/upload-harness';

const needsSymlinks = needs('symlinks');

/** Waits until `check` holds (polling), at most 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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

  it('serves no thumbnail for an MD5 neither taken in during this session nor queued', async () => {
    expect(await core.thumbnail('0'.repeat(32))).toBeUndefined();
  });

  it('refuses a plain-http address on another machine, naming it', async () => {
    const answer = await dispatch()(
      'settings:set',
      { authUrl: 'http://photos.example.com', clientId: 'uploader' },
      trusted,
    );
    expect(answer).toMatchObject({ ok: false, code: 'bad-input' });
    expect(answer.ok ? '' : answer.message).toContain(
      'The address http://photos.example.com is not secure',
    );
    expect(core.settings.get().authUrl).toBeUndefined();
  });

  it('exports an empty report as CSV and JSON', async () => {
    expect(await dispatch()('queue:export-report', { format: 'csv' }, trusted)).toMatchObject({
      ok: true,
      value: {
        mimeType: 'text/csv',
        content:
          'file,project,outcome,photo_id,reason,failed_photo_ids,reason_code,after_upload\r\n',
      },
    });
    expect(await dispatch()('queue:export-report', { format: 'json' }, trusted)).toMatchObject({
      ok: true,
      value: { mimeType: 'application/json', content: '[]\n' },
    });
  });
});

describe('the app core, signed in', () => {
  let service: TestService;
  let dataDir: string;
  let core: AppCore;

  beforeAll(async () => {
    service = await startTestService({ autoApprove: true });
  });
  afterAll(() => service?.close());
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'app-core-'));
    core = await AppCore.start({
      dataDir,
      secrets: new InMemorySecretStore(),
      redactor: new Redactor(),
      logger: silentLogger,
      customScheme: undefined,
      browser: loopbackBrowser(),
      chooser: { choose: () => Promise.resolve([]) },
      locksDir: join(dataDir, 'locks'),
    });
  });
  afterEach(async () => {
    await core.shutdown();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('needs a new sign-in after the API address changes: tokens never go to another origin', async () => {
    const handlers = core.handlersFor(commandLineFrontEnd);
    await handlers['settings:set']({
      authUrl: service.info.auth_url,
      baseUrl: service.info.base_url,
      clientId: service.info.public_client_id,
    });
    await handlers['session:sign-in']({});
    await until(async () => (await handlers['session:get']({})).state === 'signed-in');
    expect((await handlers['projects:search']({ query: '', page: 1 })).length).toBeGreaterThan(0);

    // Another API on the same computer (the same server under another origin: localhost).
    await handlers['settings:set']({
      baseUrl: service.info.base_url.replace('127.0.0.1', 'localhost'),
    });
    expect((await handlers['session:get']({})).state).toBe('signed-out');
    await expect(handlers['projects:search']({ query: '', page: 1 })).rejects.toThrow(
      NOT_SIGNED_IN_WORDS,
    );
    // Back to the API the tokens were issued for: still signed in there.
    await handlers['settings:set']({ baseUrl: service.info.base_url });
    expect((await handlers['session:get']({})).state).toBe('signed-in');
  });

  it.skipIf(needsSymlinks.skip)(
    needsSymlinks.title('queues a photo reached through a link by its real path'),
    async () => {
      const folder = await mkdtemp(join(tmpdir(), 'linked-'));
      const [photo] = await makePhotos(join(folder, 'real'), 1);
      await mkdir(join(folder, 'links'));
      await symlink(photo!.path, join(folder, 'links', 'linked.jpg'));
      const handlers = core.handlersFor(commandLineFrontEnd);
      // The link's folder first: the crawl keeps the file under the link's path, and skips the
      // same file met again under its own.
      const items = await takeInThroughCore(core, handlers, [
        join(folder, 'links'),
        join(folder, 'real'),
      ]);
      const linked = items.find((item) => item.path.endsWith('linked.jpg'));
      expect(linked?.status, JSON.stringify(linked)).toBe('photo');
      await handlers['queue:add-photos'](
        plainBatch([linked!.intakeId], service.info.projects[0]!.id),
      );
      const [queued] = (await handlers['queue:snapshot']({})).items;
      expect(queued?.path).toBe(await realpath(photo!.path));
    },
  );

  it('says the session has ended, not "sign in first", once the service ends a session', async () => {
    const handlers = core.handlersFor(commandLineFrontEnd);
    await handlers['settings:set']({
      authUrl: service.info.auth_url,
      baseUrl: service.info.base_url,
      clientId: service.info.public_client_id,
    });
    await handlers['session:sign-in']({});
    await until(async () => (await handlers['session:get']({})).state === 'signed-in');

    // The service forgets every grant: the access token and the refresh token are refused.
    expect((await admin.post(service.info, '/reset', { tokens: true })).ok).toBe(true);
    const failure = await handlers['projects:search']({ query: '', page: 1 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((await handlers['session:get']({})).state).toBe('needs-sign-in');
    expect(failure).toBeInstanceOf(IpcFailure);
    expect(failure).toMatchObject({ code: 'not-signed-in', message: SESSION_ENDED_WORDS });
  });
});
