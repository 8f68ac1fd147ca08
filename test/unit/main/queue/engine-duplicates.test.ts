import { mkdtemp } from 'node:fs/promises';
import { words } from '../../../../shared/i18n/words';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DUPLICATE_WAIT_BOUND_MS } from '../../../../main/queue/duplicate-check';
import { reportRows } from '../../../../main/queue/queue-report';
import { engineRig, writeJpeg, type EngineRig } from '../../../fakes/engine-rig';
import {
  type AnswerMode,
  NORMAL,
  OddPhotoService,
  PROCESSING_MS,
} from '../../../fakes/odd-photo-service';
import { TestClock } from '../../../fakes/test-clock';

const CAPTURED_AT = 1_700_000_000;

describe('UploadEngine: a photo the project already has is not uploaded again (real engine, queue and client; loopback service)', () => {
  const clock = new TestClock();
  let service: OddPhotoService;
  let dir: string;
  let rig: EngineRig;

  /** Queues one file for project p1, taken at `CAPTURED_AT`. */
  const queue = (file: { path: string; md5: string }, allowDuplicates = false): number => {
    const [id] = rig.store.addPhotos([
      {
        path: file.path,
        size: 0,
        format: 'jpeg',
        md5: file.md5,
        capturedAt: CAPTURED_AT,
        coordinates: null,
        projectId: 'p1',
        description: '',
        internal: false,
        allowDuplicates,
      },
    ]).added;
    return id!;
  };
  /** A photo a colleague uploaded: on the service, stored `agoMs` before now. */
  const colleaguesPhoto = (md5: string, agoMs: number, projectId = 'p1') =>
    service.photos.push({
      id: String(500 + service.photos.length),
      projectId,
      capturedAt: CAPTURED_AT,
      md5,
      coordinates: null,
      description: '',
      storedAt: clock.now() - agoMs,
    });
  const listAnswers = (mode: Partial<AnswerMode>) => {
    service.plan = (kind) => (kind === 'list-photos' ? { ...NORMAL, ...mode } : NORMAL);
  };

  beforeAll(async () => {
    service = await OddPhotoService.start(clock);
    dir = await mkdtemp(join(tmpdir(), 'engine-dups-'));
  });
  beforeEach(async () => {
    service.reset();
    await rig?.close();
    rig = await engineRig(service, clock);
  });
  afterAll(async () => {
    await rig.close();
    await service.close();
  });

  it('ends a photo the project has (processed, same MD5 and second) as done "already on the service" with its id, without staging or creating', async () => {
    const file = await writeJpeg(dir, 1);
    colleaguesPhoto(file.md5, PROCESSING_MS * 2);
    const id = queue(file);
    await rig.engine.runUntilIdle();
    const item = rig.store.get(id)!;
    expect(item).toMatchObject({ state: 'done', found_on_service: true, photo_id: '500' });
    expect(item.reason).toEqual(words('reason.queue.alreadyOnService', { photoId: '500' }));
    expect(rig.host.sent).toEqual([]);
    expect(service.createRequests).toBe(0);
    expect(reportRows([item])[0]).toMatchObject({
      outcome: 'already on the service',
      photo_id: '500',
    });
  });

  it('uploads it all the same when the item allows duplicates', async () => {
    const file = await writeJpeg(dir, 2);
    colleaguesPhoto(file.md5, PROCESSING_MS * 2);
    const id = queue(file, true);
    await rig.engine.runUntilIdle();
    expect(rig.store.get(id)).toMatchObject({ state: 'done', found_on_service: false });
    expect(service.storedWith(file.md5)).toBe(2);
  });

  it('uploads a photo whose bytes the project has only in another project, or at another second', async () => {
    const file = await writeJpeg(dir, 3);
    colleaguesPhoto(file.md5, PROCESSING_MS * 2, 'p2');
    const id = queue(file);
    await rig.engine.runUntilIdle();
    expect(rig.store.get(id)).toMatchObject({ state: 'done', found_on_service: false });
    expect(service.createRequests).toBe(1);
  });

  it('waits for a copy still being processed (no hash yet), then finds it and does not upload', async () => {
    const file = await writeJpeg(dir, 4);
    colleaguesPhoto(file.md5, 0);
    const id = queue(file);
    const started = clock.now();
    await rig.engine.runUntilIdle();
    expect(rig.store.get(id)).toMatchObject({ state: 'done', found_on_service: true });
    expect(clock.now() - started).toBeGreaterThanOrEqual(PROCESSING_MS);
    expect(service.createRequests).toBe(0);
  });

  it('creates at once a photo never sent when the listed photos carry no hash, and its report line says the check could not be made', async () => {
    for (const [seed, mode] of [
      [5, { hash: 'missing' }],
      [15, { shape: 'id-only' }],
      [16, { status: 'missing', hash: 'null' }],
      [17, { unreadableItem: true }],
    ] as const) {
      const file = await writeJpeg(dir, seed);
      // Another photo taken at the same second: the look cannot tell it is not this one.
      colleaguesPhoto(`${seed}`.padStart(32, 'f'), PROCESSING_MS * 2);
      listAnswers(mode);
      const id = queue(file);
      const started = clock.now();
      const creates = service.createRequests;
      await rig.engine.runUntilIdle();
      expect(clock.now() - started, JSON.stringify(mode)).toBeLessThan(DUPLICATE_WAIT_BOUND_MS);
      expect(service.createRequests - creates, JSON.stringify(mode)).toBe(1);
      const item = rig.store.get(id)!;
      expect(item).toMatchObject({
        state: 'done',
        found_on_service: false,
        note: 'duplicate-check-unavailable',
      });
      expect(reportRows([item])[0]).toMatchObject({
        outcome: 'uploaded',
        reason: expect.stringContaining('could not be checked') as unknown,
      });
    }
  });

  it('waits, bounded, for a copy the service is still processing, then uploads with the same note', async () => {
    const file = await writeJpeg(dir, 18);
    colleaguesPhoto(file.md5, 0);
    listAnswers({ status: 'processing', hash: 'null' });
    const id = queue(file);
    const started = clock.now();
    await rig.engine.runUntilIdle();
    expect(clock.now() - started).toBeGreaterThanOrEqual(DUPLICATE_WAIT_BOUND_MS);
    expect(rig.store.get(id)).toMatchObject({
      state: 'done',
      found_on_service: false,
      note: 'duplicate-check-unavailable',
    });
    expect(service.createRequests).toBe(1);
  });

  it('leaves no note on a photo whose check could be made', async () => {
    const file = await writeJpeg(dir, 19);
    const id = queue(file);
    await rig.engine.runUntilIdle();
    expect(rig.store.get(id)).toMatchObject({ state: 'done', note: null });
  });

  it('does not take a record the service failed to process for a copy', async () => {
    const file = await writeJpeg(dir, 6);
    colleaguesPhoto(file.md5, PROCESSING_MS * 2);
    listAnswers({ status: 'processing_error', hash: 'null' });
    const id = queue(file);
    const started = clock.now();
    await rig.engine.runUntilIdle();
    expect(clock.now() - started).toBeLessThan(DUPLICATE_WAIT_BOUND_MS);
    expect(rig.store.get(id)).toMatchObject({ found_on_service: false });
    expect(service.createRequests).toBe(1);
  });
});
