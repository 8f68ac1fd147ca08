import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { createLogger, Redactor, type LogRecord } from '../../../main/logging/logger';
import { FallbackSecretStore } from '../../../main/secrets/fallback-secret-store';
import { KeytarSecretStore } from '../../../main/secrets/keytar-secret-store';
import { loopbackBrowser } from '../../support/auth-harness';
import { startTestService, type TestService } from '../../support/photo-service-harness';

// keytar's native module cannot be loaded, as on a machine without libsecret (an AppImage ships
// none). A static import of keytar anywhere on the core's path fails this whole file at load.
vi.mock('keytar', () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory');
});

/** Waits until `check` holds (polling), at most 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the app core when keytar cannot be loaded', () => {
  let service: TestService;
  let dataDir: string;
  const cores: AppCore[] = [];
  const records: LogRecord[] = [];
  const redactor = new Redactor();
  const logger = createLogger({ sink: (record) => records.push(record), redactor });

  /** A core with the keychain store the app and the command line build: keytar behind a fallback. */
  async function startCore(): Promise<AppCore> {
    const core = await AppCore.start({
      dataDir,
      secrets: new FallbackSecretStore(new KeytarSecretStore(), logger.child('secrets')),
      redactor,
      logger,
      customScheme: undefined,
      browser: loopbackBrowser(),
      chooser: { choose: () => Promise.resolve([]) },
      locksDir: join(dataDir, 'locks'),
    });
    cores.push(core);
    return core;
  }

  beforeAll(async () => {
    service = await startTestService({ autoApprove: true });
    dataDir = await mkdtemp(join(tmpdir(), 'keychain-missing-'));
  });
  afterEach(async () => {
    for (const core of cores.splice(0)) await core.shutdown();
  });
  afterAll(async () => {
    await service?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts, signs in with the secrets in memory, says so, and reports the sign-in as not remembered', async () => {
    const handlers = (await startCore()).handlersFor(commandLineFrontEnd);
    await handlers['settings:set']({
      authUrl: service.info.auth_url,
      baseUrl: service.info.base_url,
      clientId: service.info.public_client_id,
    });
    await handlers['session:sign-in']({});
    await until(async () => (await handlers['session:get']({})).state === 'signed-in');
    expect(await handlers['session:get']({})).toMatchObject({
      state: 'signed-in',
      remembered: false,
    });
    expect((await handlers['projects:search']({ query: '', page: 1 })).length).toBeGreaterThan(0);
    const notices = records.filter((record) => record.message.startsWith('keychain unavailable'));
    expect(notices).toHaveLength(1);
    // (vitest words the failed import its own way; the reason is the failed load of keytar.)
    expect(notices[0]?.fields.reason).toMatch(/^The system keychain is not available \(.+\)$/);
  });

  it('starts again with a service set up (restoring the session reads the keychain first)', async () => {
    const handlers = (await startCore()).handlersFor(commandLineFrontEnd);
    expect(await handlers['session:get']({})).toMatchObject({
      state: 'signed-out',
      service: service.info.auth_url,
      remembered: false,
    });
  });
});
