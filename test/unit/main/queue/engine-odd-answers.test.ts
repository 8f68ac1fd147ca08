import { execFileSync } from 'node:child_process';
import { englishFor, words } from '../../../../shared/i18n/words';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../../main/queue/queue-store';
import { LOOKUP_BOUND_MS, PROCESSING_BOUND_MS } from '../../../../main/queue/service-waits';
import { engineRig, writeJpeg, type EngineRig } from '../../../fakes/engine-rig';
import {
  type AnswerMode,
  type CallKind,
  NORMAL,
  OddPhotoService,
} from '../../../fakes/odd-photo-service';
import { TestClock } from '../../../fakes/test-clock';
import { needs } from '../../../support/platform-needs';

const needsFifoAndSymlinksAndDeviceFiles = needs('fifo', 'symlinks', 'device-files');

describe('UploadEngine with odd answers from the service (real engine, queue and client; loopback service)', () => {
  const clock = new TestClock();
  let service: OddPhotoService;
  let dir: string;
  let rig: EngineRig;

  /** Answers `kind` with `mode` (the first `times` requests of that kind, or all). */
  const answer = (kind: CallKind, mode: Partial<AnswerMode>, times = Infinity) => {
    const earlier = service.plan;
    let left = times;
    service.plan = (asked) => {
      if (asked !== kind || left <= 0) return earlier(asked);
      left -= 1;
      return { ...NORMAL, ...mode };
    };
  };
  const item = (id: number): QueueItem => rig.store.get(id)!;

  beforeAll(async () => {
    service = await OddPhotoService.start(clock);
    dir = await mkdtemp(join(tmpdir(), 'engine-odd-'));
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

  it('takes a 201 with only {id} as created, polls until processed, and clears the stored URL when done', async () => {
    const file = await writeJpeg(dir, 1);
    const [id] = rig.queue([file]);
    answer('create', { shape: 'id-only' });
    await rig.engine.runUntilIdle();
    expect(item(id!)).toMatchObject({
      state: 'done',
      photo_id: service.photos[0]!.id,
      processing_status: 'processed',
      uri: null,
      uri_expires_at: null,
    });
    expect(service.createRequests).toBe(1);
    expect(rig.host.sent).toEqual([file.md5]);
  });

  it('keeps the photo’s page on the service (photo_url) from the create, or from a later look when the create left it out', async () => {
    const [first, second] = rig.queue([await writeJpeg(dir, 11), await writeJpeg(dir, 12)]);
    answer('create', { shape: 'id-only' });
    await rig.engine.runUntilIdle();
    const pageOf = (id: number) => {
      const photo = service.photos.find((stored) => stored.id === item(id).photo_id)!;
      return `https://service.example/?project=${photo.projectId}#photo-${photo.id}`;
    };
    expect(item(first!)).toMatchObject({ state: 'done', photo_url: pageOf(first!) });
    expect(item(second!)).toMatchObject({ state: 'done', photo_url: pageOf(second!) });
  });

  it('takes a 2xx with an empty body as created (id unknown), finds the photo by looking, and never creates it again', async () => {
    const file = await writeJpeg(dir, 2);
    const [id] = rig.queue([file]);
    answer('create', { outcome: 'empty' });
    const states: string[] = [];
    rig.engine.onEvent((event) => {
      if (event.type === 'item') states.push(`${event.item.state}:${event.item.photo_id}`);
    });
    await rig.engine.runUntilIdle();
    expect(states).toContain('created:null');
    expect(item(id!)).toMatchObject({ state: 'done', photo_id: service.photos[0]!.id });
    expect(service.createRequests).toBe(1);
  });

  it('asks the user after the bound when an accepted photo is never found, with the reason; only Retry sends it again', async () => {
    const file = await writeJpeg(dir, 3);
    const [id] = rig.queue([file]);
    const started = clock.now();
    answer('create', { outcome: 'not-json' }, 1);
    // The service never says the hash of what it lists: it cannot be told apart.
    answer('list-photos', { hash: 'missing' });
    await rig.engine.runUntilIdle();
    expect(item(id!)).toMatchObject({
      state: 'needs-attention',
      photo_id: null,
      reason: words('reason.queue.acceptedWithoutId'),
    });
    expect(clock.now() - started).toBeGreaterThanOrEqual(LOOKUP_BOUND_MS);
    expect(service.createRequests).toBe(1);
    // The user asks: it is sent again.
    service.plan = () => NORMAL;
    expect(rig.store.bulk.retry(id)).toEqual([id]);
    await rig.engine.runUntilIdle();
    // Retry looks before it sends (issue 13 §5): the service did store the photo, now it lists
    // its hash, so it is adopted as already on the service instead of being created twice.
    expect(item(id!)).toMatchObject({
      state: 'done',
      found_on_service: true,
      photo_id: service.photos[0]!.id,
    });
    expect(service.createRequests).toBe(1);
  });

  it('waits, bounded, on a lost create whose photo may be one the service has not identified; never resends by itself', async () => {
    const file = await writeJpeg(dir, 4);
    const [id] = rig.queue([file]);
    answer('create', { outcome: 'lost' }, 1);
    answer('list-photos', { hash: 'null' });
    await rig.engine.runUntilIdle();
    expect(item(id!)).toMatchObject({
      state: 'needs-attention',
      reason: words('reason.queue.lostAnswer'),
    });
    expect(service.createRequests).toBe(1);
    expect(service.photos).toHaveLength(1);
  });

  it('ends a lost create with a word, after the bounded wait, when the lists are {id} only (issue 22 §2)', async () => {
    const file = await writeJpeg(dir, 14);
    const [id] = rig.queue([file]);
    answer('create', { outcome: 'lost' }, 1);
    answer('list-photos', { shape: 'id-only' });
    const started = clock.now();
    await rig.engine.runUntilIdle(AbortSignal.timeout(20_000));
    expect(item(id!)).toMatchObject({
      state: 'needs-attention',
      reason: words('reason.queue.lostAnswer'),
    });
    expect(clock.now() - started).toBeGreaterThanOrEqual(LOOKUP_BOUND_MS);
    expect(service.createRequests).toBe(1);
  });

  it('never takes a photo for processed without the service saying so: a status that never comes is polled with backoff and bounded', async () => {
    const file = await writeJpeg(dir, 5);
    const [id] = rig.queue([file]);
    let gets = 0;
    const earlier = service.plan;
    service.plan = (kind) => {
      if (kind !== 'get') return earlier(kind);
      gets += 1;
      return { ...NORMAL, status: 'missing' };
    };
    const started = clock.now();
    await rig.engine.runUntilIdle();
    expect(item(id!)).toMatchObject({
      state: 'needs-attention',
      processing_status: 'unknown',
      reason: words('reason.queue.notProcessed'),
    });
    expect(clock.now() - started).toBeGreaterThanOrEqual(PROCESSING_BOUND_MS);
    // Backoff to a minute: about 125 polls in two hours, not thousands.
    expect(gets).toBeLessThan(150);
    // Retry checks again without sending anything twice.
    service.plan = () => NORMAL;
    rig.store.bulk.retry(id);
    await rig.engine.runUntilIdle();
    expect(item(id!).state).toBe('done');
    expect(service.createRequests).toBe(1);
  });

  it.skipIf(needsFifoAndSymlinksAndDeviceFiles.skip)(
    needsFifoAndSymlinksAndDeviceFiles.title(
      'stops at a file replaced by a link, a FIFO or /dev/zero: needs attention with the reason, nothing uploaded, at once',
    ),
    async () => {
      const good = await writeJpeg(dir, 6);
      const other = await writeJpeg(dir, 7);
      const swapped = [join(dir, 'link.jpg'), join(dir, 'fifo.jpg'), join(dir, 'zero.jpg')];
      await symlink(other.path, swapped[0]!);
      execFileSync('mkfifo', [swapped[1]!]);
      await symlink('/dev/zero', swapped[2]!);
      const ids = rig.queue(swapped.map((path, index) => ({ path, md5: `${index}`.repeat(32) })));
      const [goodId] = rig.queue([{ ...good, path: good.path }]);
      const started = Date.now();
      await rig.engine.runUntilIdle();
      expect(Date.now() - started).toBeLessThan(3000);
      // The file checks' reasons, in the command line's English.
      expect(ids.map((id) => [item(id).state, englishFor(item(id).reason!)])).toEqual([
        ['needs-attention', expect.stringContaining('replaced by a link')],
        ['needs-attention', expect.stringContaining('device, pipe or socket')],
        ['needs-attention', expect.stringContaining('replaced by a link')],
      ]);
      expect(rig.host.sent).toEqual([good.md5]);
      expect(item(goodId!).state).toBe('done');
      expect(service.createRequests).toBe(1);
      await Promise.all(swapped.map((path) => rm(path)));
    },
  );

  it('sends a description edit when the answers are {id} only or empty, and holds it when the current description is unknown', async () => {
    const file = await writeJpeg(dir, 8);
    rig.queue([file]);
    await rig.engine.runUntilIdle();
    const photoId = service.photos[0]!.id;
    answer('get', { shape: 'id-only' });
    answer('describe', { outcome: 'empty' });
    const blind = rig.store.addDescriptionEdit(photoId, '<p>New</p>', null);
    const checked = rig.store.addDescriptionEdit(photoId, '<p>Newer</p>', '<p>Slab</p>');
    await rig.engine.runUntilIdle();
    expect(item(blind).state).toBe('done');
    expect(service.photos[0]!.description).toBe('<p>New</p>');
    expect(item(checked)).toMatchObject({
      state: 'needs-attention',
      reason: words('reason.queue.descriptionUnknown'),
    });
  });
});
