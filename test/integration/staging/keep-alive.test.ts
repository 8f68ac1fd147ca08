import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpAgent } from '../../../main/http/http-agent';
import { admin, startTestService, type TestService } from '../../support/photo-service-harness';
import { startS3EngineRig } from '../../support/s3-engine-rig';
import { makePhotos } from '../../support/upload-harness';

// Issue 14 §4, keep-alive connections: the real engine, 4 lanes, uploads 30 photos to the local
// service and its S3 store with the app's own connections (`createHttpAgent`, made by the API
// client and the S3 host themselves). Each server counts the TCP connections it accepted: with
// keep-alive they stay near the number of lanes, far below the number of requests. The second
// case turns keep-alive off and shows the counts then follow the requests, so the first case's
// bound means something.

const PHOTOS = 30;
const LANES = 4;

/** Requests the service answered, all routes and statuses together. */
async function serviceRequests(service: TestService): Promise<number> {
  const { requests } = await admin.state(service.info);
  return Object.values(requests)
    .flatMap((byStatus) => Object.values(byStatus))
    .reduce((total, count) => total + count, 0);
}

function storeRequests(service: TestService): number {
  return Object.values(service.traffic.s3!.operations).reduce((total, count) => total + count, 0);
}

describe('keep-alive connections to the service and the S3 store (real engine, 4 lanes)', () => {
  let service: TestService;
  let folder: string;

  beforeEach(async () => {
    service = await startTestService({ withS3: true, autoApprove: true, allowPrivateFetch: true });
    folder = await mkdtemp(join(tmpdir(), 'keep-alive-'));
  });
  afterEach(async () => {
    await service?.close();
    await rm(folder, { recursive: true, force: true });
  });

  /** Uploads 30 photos; what each server counted while the engine ran. */
  async function upload(connections: { apiPool?: () => HttpAgent; hostDispatcher?: Agent } = {}) {
    const photos = await makePhotos(folder, PHOTOS);
    const rig = await startS3EngineRig(service, { engine: { concurrency: LANES }, ...connections });
    try {
      await rig.queue(photos.map((photo) => photo.path));
      const before = {
        service: service.traffic.connections,
        store: service.traffic.s3!.connections,
        serviceRequests: await serviceRequests(service),
        storeRequests: storeRequests(service),
      };
      await rig.engine.runUntilIdle();
      expect(rig.store.all().every((item) => item.state === 'done')).toBe(true);
      await service.idle();
      return {
        service: service.traffic.connections - before.service,
        store: service.traffic.s3!.connections - before.store,
        // Less the control-API call that counts them.
        serviceRequests: (await serviceRequests(service)) - before.serviceRequests - 1,
        storeRequests: storeRequests(service) - before.storeRequests,
      };
    } finally {
      await rig.close();
    }
  }

  it('opens a few connections to each server, not one per request', async () => {
    const counted = await upload();
    // Sanity: every photo took a look and a PUT at the store, and a create at the service.
    expect(counted.storeRequests).toBeGreaterThanOrEqual(2 * PHOTOS);
    expect(counted.serviceRequests).toBeGreaterThanOrEqual(PHOTOS);
    // The service: about one connection per lane (and the control API's); 5 or 6 here. The
    // store also serves the service's own downloads of the photos, which run beside the lanes'
    // uploads on connections of their own: about one per lane for the app, as many again for
    // the service (10 here). Without keep-alive both follow the requests (see below).
    expect(counted.service).toBeLessThanOrEqual(2 * LANES);
    expect(counted.store).toBeLessThanOrEqual(4 * LANES);
    expect(counted.service * 5).toBeLessThan(counted.serviceRequests);
    expect(counted.store * 5).toBeLessThan(counted.storeRequests);
  }, 120_000);

  it('opens a connection per request once keep-alive is off (the counts are real)', async () => {
    // undici: pipelining 0 turns keep-alive off (`connection: close` on every request).
    const noKeepAlive = () => new Agent({ pipelining: 0 });
    const hostDispatcher = noKeepAlive();
    try {
      const counted = await upload({ apiPool: noKeepAlive, hostDispatcher });
      expect(counted.service).toBeGreaterThan(2 * LANES);
      expect(counted.store).toBeGreaterThan(4 * LANES);
      // Every look and every PUT of the app on a connection of its own.
      expect(counted.store).toBeGreaterThanOrEqual(2 * PHOTOS);
      expect(counted.service).toBeGreaterThanOrEqual(PHOTOS);
    } finally {
      await hostDispatcher.close();
    }
  }, 120_000);
});
