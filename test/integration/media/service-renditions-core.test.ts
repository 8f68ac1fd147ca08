import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { Redactor, silentLogger } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { loopbackBrowser } from '../../support/auth-harness';
import {
  api,
  serveFiles,
  signIn,
  startTestService,
  type FileServer,
  type TestService,
} from '../../support/photo-service-harness';

const PHOTO = join(import.meta.dirname, '../../fixtures/exif-samples/jpg/gps/DSCN0021.jpg');

/** Waits until `check` holds (polling), at most 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// The rendition rules refuse this computer and the LAN for a service elsewhere; the local
// service is on this computer, so its renditions (plain http, on a second loopback origin as a
// CDN would be) still load through the core's guarded rendition network.
describe('renditions of the local service, through the core', () => {
  let service: TestService;
  let files: FileServer;
  let photoId: string;
  let dataDir: string;
  let core: AppCore;

  beforeAll(async () => {
    service = await startTestService({ autoApprove: true, allowPrivateFetch: true, cdn: true });
    files = await serveFiles({ '/site.jpg': await readFile(PHOTO) });
    const token = (await signIn(service.info)).access_token;
    const created = await api(
      service.info,
      token,
      'POST',
      `/v2/projects/${service.info.projects[0]!.id}/photos`,
      { photo: { uri: files.url('/site.jpg'), captured_at: 1_600_000_000 } },
    );
    await service.idle();
    photoId = (created.body as { id: string }).id;
    dataDir = await mkdtemp(join(tmpdir(), 'renditions-core-'));
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
  }, 60_000);
  afterAll(async () => {
    await core?.shutdown();
    await files?.close();
    await service?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('still load: listed, then fetched from the files origin on this computer', async () => {
    const handlers = core.handlersFor(commandLineFrontEnd);
    await handlers['settings:set']({
      authUrl: service.info.auth_url,
      baseUrl: service.info.base_url,
      clientId: service.info.public_client_id,
    });
    await handlers['session:sign-in']({});
    await until(async () => (await handlers['session:get']({})).state === 'signed-in');
    const listed = await handlers['photos:list']({
      projectId: service.info.projects[0]!.id,
      page: 1,
    });
    expect(JSON.stringify(listed)).toContain(photoId);
    const rendition = await core.rendition(photoId);
    expect(rendition?.contentType).toBe('image/jpeg');
    expect(rendition?.bytes.length).toBeGreaterThan(1000);
  });
});
