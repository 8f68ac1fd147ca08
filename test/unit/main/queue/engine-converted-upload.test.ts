import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
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

  it('removes, when it starts, staging files of items that are done or gone, and nothing else', async () => {
    const done = rig.store.all().find((item) => item.state === 'done')!;
    const photo = (md5: string) => ({
      path: join(stagingDir, '..', `${md5}.tiff`),
      size: 0,
      format: 'tiff' as const,
      md5,
      capturedAt: 1_224_685_720,
      coordinates: null,
      projectId: 'p1',
      description: '',
      internal: false,
    });
    const [queued, cancelled] = rig.store.addPhotos([photo('e'.repeat(32)), photo('f'.repeat(32))])
      .added as [number, number];
    // A paused item is not worked on: its file must stay (it is not finished).
    rig.store.bulk.setPaused(true, queued);
    rig.store.cancel(cancelled);
    const leftovers = [
      `item-${cancelled}.jpg`,
      `item-${done.id}.jpg`,
      `item-${done.id}.jpg.4321.partial`,
      `item-${done.id}.source`,
      'item-987654.jpg',
    ];
    const kept = [`item-${queued}.jpg`, 'notes.txt'];
    for (const name of [...leftovers, ...kept]) await writeFile(join(stagingDir, name), 'x');
    await rig.engine.runUntilIdle();
    expect((await readdir(stagingDir)).sort()).toEqual(kept.sort());
  });
});
