import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertToJpeg } from '../../../../main/media/convert-to-jpeg';
import { engineRig, type EngineRig } from '../../../fakes/engine-rig';
import { NORMAL, OddPhotoService } from '../../../fakes/odd-photo-service';
import { TestClock } from '../../../fakes/test-clock';

const TIFF = join(import.meta.dirname, '../../../fixtures/tiff/rotated-gps.tiff');
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe('UploadEngine with a TIFF converted to JPEG (real engine, queue, converter and client; loopback service)', () => {
  const clock = new TestClock();
  let service: OddPhotoService;
  let rig: EngineRig;
  let stagingDir: string;
  let path: string;

  beforeAll(async () => {
    service = await OddPhotoService.start(clock);
    const dir = await mkdtemp(join(tmpdir(), 'engine-converted-'));
    stagingDir = join(dir, 'staging');
    path = join(dir, 'rotated.tiff');
    await copyFile(TIFF, path);
    rig = await engineRig(service, clock, {
      conversion: { convert: convertToJpeg, stagingDir, keepOriginals: false },
    });
  });
  afterAll(async () => {
    await rig.close();
    await service.close();
  });

  it('adopts the photo by the JPEG’s MD5 when the create’s answer is lost, never creating it twice', async () => {
    const original = md5(await readFile(path));
    const [id] = rig.store.addPhotos([
      {
        path,
        size: 0,
        format: 'tiff',
        md5: original,
        capturedAt: 1_224_685_719,
        coordinates: null,
        projectId: 'p1',
        description: '',
        internal: false,
      },
    ]).added;
    // The service stores the photo, but its answer never arrives: the item stays `creating`.
    let lost = 1;
    service.plan = (asked) => {
      if (asked === 'create' && lost > 0) {
        lost -= 1;
        return { ...NORMAL, outcome: 'lost' };
      }
      return NORMAL;
    };
    await rig.engine.runUntilIdle();
    const item = rig.store.get(id!)!;
    // The JPEG's MD5 (what the service hashes) was staged and recorded; the original's stays.
    expect(rig.host.sent).toHaveLength(1);
    expect(item.upload_md5).toBe(rig.host.sent[0]);
    expect(item.md5).toBe(original);
    expect(item.upload_md5).not.toBe(original);
    expect(service.createRequests).toBe(1);
    expect(item).toMatchObject({ state: 'done', photo_id: service.photos[0]!.id });
    expect(service.photos).toHaveLength(1);
    // The converted file is gone once staged.
    expect(await readdir(stagingDir)).toEqual([]);
  });
});
