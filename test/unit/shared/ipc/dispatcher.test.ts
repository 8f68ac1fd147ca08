import { describe, expect, it } from 'vitest';
import {
  type IpcChannel,
  ipcCalls,
  ipcEvents,
  isIpcChannel,
  type IpcResults,
  resultsCoverEveryCall,
  type SameKeys,
} from '../../../../shared/ipc/contract';
import {
  createIpcDispatcher,
  IpcFailure,
  type IpcHandlers,
} from '../../../../shared/ipc/dispatcher';

const channels = Object.keys(ipcCalls) as IpcChannel[];

/** A handler map that answers every channel with its name and parsed input. */
function echoHandlers(): IpcHandlers {
  return Object.fromEntries(
    channels.map((channel) => [channel, (input: unknown) => Promise.resolve({ channel, input })]),
  ) as unknown as IpcHandlers;
}

const trusted = { trusted: true };

describe('the IPC contract', () => {
  it('has a schema for every call and lists its events', () => {
    expect(channels.length).toBe(41);
    for (const channel of channels) expect(typeof ipcCalls[channel].safeParse).toBe('function');
    expect(ipcEvents).toEqual([
      'session:changed',
      'intake:batch',
      'queue:changed',
      'watch:changed',
      'watch:session-report',
      'settings:changed',
      'updates:changed',
    ]);
    expect(isIpcChannel('queue:snapshot')).toBe(true);
    expect(isIpcChannel('toString')).toBe(false);
    expect(isIpcChannel(42)).toBe(false);
  });

  it('needs a handler for every call (compile-time)', () => {
    const { 'queue:snapshot': _left, ...missingOne } = echoHandlers();
    // @ts-expect-error: a handler map without 'queue:snapshot' is not an IpcHandlers.
    const incomplete: IpcHandlers = missingOne;
    expect(Object.keys(incomplete)).toHaveLength(channels.length - 1);
  });
});

describe('the result types', () => {
  it('name exactly the calls (compile-time)', () => {
    expect(resultsCoverEveryCall).toBe(true);
    // @ts-expect-error: results without 'photos:get' do not cover every call.
    const missing: SameKeys<Omit<IpcResults, 'photos:get'>, typeof ipcCalls> = true;
    // @ts-expect-error: a result for a call that does not exist is refused too.
    const extra: SameKeys<IpcResults & { 'fs:read': string }, typeof ipcCalls> = true;
    expect([missing, extra]).toEqual([true, true]);
  });
});

describe('createIpcDispatcher', () => {
  const dispatch = createIpcDispatcher(echoHandlers());

  it('serves every call with its parsed input', async () => {
    for (const channel of channels) {
      const minimal: Record<string, unknown> = {
        'settings:set': {},
        'intake:choose': { kind: 'folder', assumedZone: 'UTC' },
        'intake:add-paths': { paths: ['/a'], assumedZone: 'UTC' },
        'projects:search': { query: 'harbor' },
        'queue:add-photos': { intakeIds: [1], projectId: 'p', description: '', internal: false },
        'queue:plan-photos': { intakeIds: [1], projectId: 'p', description: '', internal: false },
        'queue:preview-descriptions': { intakeIds: [1], descriptionTemplate: '{folder}' },
        'queue:after-upload': { action: { kind: 'leave' } },
        'queue:cancel': { itemId: 1 },
        'queue:export-report': { format: 'csv' },
        'photos:list': { projectId: 'p' },
        'photos:get': { photoId: 'x' },
        'photos:edit-description': { photoId: 'x', description: 'd', baseDescription: null },
        'photos:find-copies': { projectId: 'p', intakeIds: [1] },
        'photos:list-all': { projectId: 'p' },
        'projects:check': { projectId: 'p' },
        'diagnostics:save': { path: '/tmp/d.tar.gz' },
        'watch:add': { project: { kind: 'per-subfolder' } },
        'watch:update': { path: '/w', project: { kind: 'fixed', projectId: 'p' } },
        'watch:remove': { path: '/w' },
        'watch:session-start': {
          rules: [{ path: '/w', project: { kind: 'fixed', projectId: 'p' } }],
          settleSeconds: 1,
        },
        'watch:session-stop': { sessionId: 1 },
        'setup:apply': { name: 'office.photouploader', text: '{}' },
      };
      const result = await dispatch(channel, minimal[channel] ?? {}, trusted);
      expect(result, channel).toMatchObject({ ok: true, value: { channel } });
    }
    expect(await dispatch('projects:search', { query: 'a' }, trusted)).toEqual({
      ok: true,
      value: { channel: 'projects:search', input: { query: 'a', page: 1 } },
    });
  });

  it('refuses an unknown channel, an untrusted sender and bad input', async () => {
    expect(await dispatch('fs:read-file', { path: '/etc/passwd' }, trusted)).toMatchObject({
      ok: false,
      code: 'unknown-channel',
    });
    expect(await dispatch('__proto__', {}, trusted)).toMatchObject({
      ok: false,
      code: 'unknown-channel',
    });
    expect(await dispatch('session:get', {}, { trusted: false })).toMatchObject({
      ok: false,
      code: 'untrusted-sender',
    });
    expect(await dispatch('queue:cancel', { itemId: 'all' }, trusted)).toMatchObject({
      ok: false,
      code: 'bad-input',
      message: expect.stringContaining('itemId') as unknown,
    });
    expect(await dispatch('session:get', { extra: true }, trusted)).toMatchObject({
      ok: false,
      code: 'bad-input',
    });
    expect(
      await dispatch('intake:add-paths', { paths: [], assumedZone: 'UTC' }, trusted),
    ).toMatchObject({ ok: false, code: 'bad-input' });
    expect(
      await dispatch('settings:set', { authUrl: 'javascript:alert(1)' }, trusted),
    ).toMatchObject({ ok: false, code: 'bad-input' });
  });

  it('refuses an overlong address in settings with a sentence that says so', async () => {
    const dispatch = createIpcDispatcher(echoHandlers());
    const long = `https://api.example.com/${'a'.repeat(3000)}`;
    for (const input of [
      { baseUrl: long },
      { authUrl: long },
      { photoHost: { kind: 'published', root: '/srv/www', urlPrefix: long } },
      { photoHost: { kind: 's3', endpoint: long, region: 'r', bucket: 'bkt' } },
    ]) {
      const refused = await dispatch('settings:set', input, trusted);
      expect(refused).toMatchObject({ ok: false, code: 'bad-input' });
      expect(refused.ok ? '' : refused.message).toMatch(
        /This address is 30\d\d characters long; an address may have at most 2048\.$/,
      );
    }
  });

  it('refuses a bucket name S3 would not accept, with a sentence that says so', async () => {
    const dispatch = createIpcDispatcher(echoHandlers());
    for (const bucket of [
      'acme” at AWS S3 (routine re-check; choose Change) “',
      'b',
      'Site-Photos',
      '-photos',
      'photos-',
      'site_photos',
      'x'.repeat(64),
    ]) {
      const refused = await dispatch(
        'settings:set',
        { photoHost: { kind: 's3', region: 'eu-1', bucket } },
        trusted,
      );
      expect(refused).toMatchObject({ ok: false, code: 'bad-input' });
      expect(refused.ok ? '' : refused.message).toContain(
        'A bucket name is 3 to 63 lower-case letters, digits, dots and hyphens',
      );
    }
    for (const bucket of ['site-photos', 'acme.photos.2026', 'abc'])
      expect(
        await dispatch(
          'settings:set',
          { photoHost: { kind: 's3', region: 'eu-1', bucket } },
          trusted,
        ),
      ).toMatchObject({ ok: true });
  });

  it('passes a handler’s deliberate failure through and hides unexpected errors', async () => {
    const seen: string[] = [];
    const handlers = echoHandlers() as unknown as Record<string, () => Promise<unknown>>;
    handlers['queue:snapshot'] = () =>
      Promise.reject(new IpcFailure('offline', 'The Photo Service cannot be reached.'));
    handlers['session:get'] = () => Promise.reject(new Error('internal detail /home/user/secret'));
    const failing = createIpcDispatcher(handlers as unknown as IpcHandlers, (channel) =>
      seen.push(channel),
    );
    expect(await failing('queue:snapshot', {}, trusted)).toEqual({
      ok: false,
      code: 'offline',
      message: 'The Photo Service cannot be reached.',
    });
    const hidden = await failing('session:get', {}, trusted);
    expect(hidden).toEqual({
      ok: false,
      code: 'failed',
      message: 'Something went wrong; it has been logged.',
      words: { key: 'error.unexpected' },
    });
    expect(seen).toEqual(['session:get']);
  });

  it('carries a failure given as words, with its English for the logs', async () => {
    const handlers = echoHandlers() as unknown as Record<string, () => Promise<unknown>>;
    handlers['queue:snapshot'] = () =>
      Promise.reject(new IpcFailure('bad-input', { key: 'error.badInput' }));
    const failing = createIpcDispatcher(handlers as unknown as IpcHandlers);
    expect(await failing('queue:snapshot', {}, trusted)).toEqual({
      ok: false,
      code: 'bad-input',
      message: 'The app sent a request it cannot take. Nothing was changed; please try again.',
      words: { key: 'error.badInput' },
    });
    expect(await dispatch('fs:read-file', {}, trusted)).toMatchObject({
      words: { key: 'error.unknownChannel' },
      message: 'This request is not part of the app.',
    });
  });

  it('gives the words of a check of what the user typed, else generic words naming the field', async () => {
    expect(
      await dispatch('settings:set', { authUrl: 'http://photos.example.com/' }, trusted),
    ).toMatchObject({
      ok: false,
      code: 'bad-input',
      words: { key: 'error.address.notSecure', values: { shown: 'http://photos.example.com' } },
      message: expect.stringContaining('is not secure: use https') as unknown,
    });
    const other = await dispatch('queue:cancel', { itemId: 'all' }, trusted);
    expect(other).toMatchObject({
      ok: false,
      code: 'bad-input',
      words: { key: 'error.input.invalid', values: { field: 'itemId', problem: 'missing' } },
      // The logs keep zod's own English details.
      message: expect.stringMatching(/^itemId: /) as unknown,
    });
    expect(await dispatch('queue:snapshot', 'not an object', trusted)).toMatchObject({
      code: 'bad-input',
      words: { key: 'error.badInput' },
    });
  });
});
