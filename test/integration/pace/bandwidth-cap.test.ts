import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureCappedUpload } from '../../support/capped-upload';
import { startTestService, type TestService } from '../../support/photo-service-harness';

// Issue 14 §3, bandwidth cap: one shared limiter holds every byte sent to the photo host to the
// cap, whatever the number of lanes. Real uploads to the service's S3 store, 4 at a time; the
// bytes the store receives are counted on the wire as they go.

const CAP = 1_000_000;
const PHOTOS = 17;
const PHOTO_BYTES = 1_000_000;

describe('bandwidth cap on uploads to S3 (real store, 4 lanes)', () => {
  let service: TestService;
  let folder: string;

  beforeAll(async () => {
    service = await startTestService({ withS3: true });
    folder = await mkdtemp(join(tmpdir(), 'bandwidth-cap-'));
  });
  afterAll(async () => {
    await service?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('sends between 0.85 and 1.0 of a 1 MB/s cap over more than 15 s', async () => {
    const sent = await measureCappedUpload(service.info, folder, {
      cap: CAP,
      lanes: 4,
      photos: PHOTOS,
      photoBytes: PHOTO_BYTES,
    });
    expect(sent.bytes).toBeGreaterThan(PHOTOS * PHOTO_BYTES);
    expect(sent.seconds).toBeGreaterThan(15);
    const ratio = sent.bytes / sent.seconds / CAP;
    expect(ratio).toBeGreaterThanOrEqual(0.85);
    expect(ratio).toBeLessThanOrEqual(1.0);
    // No second ran far over the cap either (a lane racing ahead, then waiting).
    expect(sent.busiestSecond).toBeLessThan(CAP * 1.25);
  }, 60_000);
});
