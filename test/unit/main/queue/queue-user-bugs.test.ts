import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { PaceTracker, queueProgress } from '../../../../main/queue/queue-progress';
import { reportRows } from '../../../../main/queue/queue-report';
import { QueueStore } from '../../../../main/queue/queue-store';
import { throttledProgress } from '../../../../main/queue/stage-progress';
import { byteCounter } from '../../../../main/staging/byte-counter';
import { TestClock } from '../../../fakes/test-clock';
import { legacyReason } from '../../../../main/queue/queue-reason';

// Issue 13 §7: the queue bugs a new user met (false conflict, retry after a processing error,
// pause all, byte progress), at the level of the queue on disk.

const photo = (md5: string) => ({
  path: `/photos/${md5}.jpg`,
  size: 1000,
  format: 'jpeg' as const,
  md5,
  capturedAt: 1_700_000_000,
  coordinates: null,
  projectId: 'p1',
  description: '',
  internal: false,
});

async function openStore(): Promise<{ store: QueueStore; file: string }> {
  const file = join(await mkdtemp(join(tmpdir(), 'queue-bugs-')), 'queue.db');
  return { store: new QueueStore(file, new TestClock()), file };
}

describe('description edits of one photo', () => {
  it('take the user’s own earlier save as the base, waiting or applied', async () => {
    const { store } = await openStore();
    const first = store.addDescriptionEdit('ph1', 'A', '');
    const second = store.addDescriptionEdit('ph1', 'B', '');
    expect(store.get(second)?.base_description).toBe('A');
    store.update(first, { state: 'done' });
    store.update(second, { state: 'done' });
    // The window still showed what the user saw before their saves: their last save is the base.
    const third = store.addDescriptionEdit('ph1', 'C', 'A');
    expect(store.get(third)?.base_description).toBe('B');
    store.update(third, { state: 'done' });
    // A version the user saw later (a colleague's, shown since) stays the base.
    expect(store.get(store.addDescriptionEdit('ph1', 'D', 'Colleague'))?.base_description).toBe(
      'Colleague',
    );
    // Another photo, and an edit made without knowing the service's description, are untouched.
    expect(store.get(store.addDescriptionEdit('ph2', 'E', 'x'))?.base_description).toBe('x');
    expect(store.get(store.addDescriptionEdit('ph1', 'F', null))?.base_description).toBeNull();
  });

  it('run one at a time, in order: a later one waits while an earlier one is queued or running', async () => {
    const { store } = await openStore();
    const first = store.addDescriptionEdit('ph1', 'A', '');
    const second = store.addDescriptionEdit('ph1', 'B', '');
    const other = store.addDescriptionEdit('ph2', 'C', '');
    const now = Date.now();
    expect(store.due(now, new Set(), 5).map((item) => item.id)).toEqual([first, other]);
    // The first is running (in flight): the second still waits for it.
    expect(store.due(now, new Set([first]), 5).map((item) => item.id)).toEqual([other]);
    // The first waits for a retry later: the second waits too, and is not "due" meanwhile.
    store.update(first, { next_attempt_at: now + 60_000 });
    store.update(other, { state: 'done' });
    expect(store.due(now, new Set(), 5)).toEqual([]);
    expect(store.nextDueAt()).toBe(now + 60_000);
    store.update(first, { state: 'done' });
    expect(store.due(now, new Set(), 5).map((item) => item.id)).toEqual([second]);
  });
});

describe('retry of a photo the service could not process', () => {
  it('stages and creates it anew, and the report keeps the failed record’s id', async () => {
    const { store } = await openStore();
    const [failed, pending] = store.addPhotos([photo('a'), photo('b')]).added;
    store.update(failed!, {
      state: 'needs-attention',
      reason: legacyReason('The Photo Service could not process the photo'),
      photo_id: 'ph-failed',
      processing_status: 'processing_error',
      uri: 'https://s3.example/a.jpg',
      uri_expires_at: 1,
    });
    store.update(pending!, {
      state: 'needs-attention',
      reason: legacyReason('not reported processed'),
      photo_id: 'ph-slow',
      processing_status: 'pending',
    });
    expect(store.bulk.retry()).toHaveLength(2);
    expect(store.get(failed!)).toMatchObject({
      state: 'queued',
      photo_id: null,
      processing_status: null,
      uri: null,
      failed_photo_ids: ['ph-failed'],
    });
    // A photo still processing is checked again, not created twice.
    expect(store.get(pending!)).toMatchObject({ state: 'created', photo_id: 'ph-slow' });
    store.update(failed!, { state: 'done', photo_id: 'ph-new', processing_status: 'processed' });
    expect(reportRows(store.all())[0]).toMatchObject({
      photo_id: 'ph-new',
      failed_photo_ids: 'ph-failed',
      outcome: 'uploaded',
    });
  });
});

describe('pause all', () => {
  it('is a state of the queue: items added while it holds are paused, across a restart, until resume all', async () => {
    const { store, file } = await openStore();
    store.addPhotos([photo('a')]);
    expect(store.bulk.pausedAll).toBe(false);
    store.bulk.setPaused(true);
    expect(store.bulk.pausedAll).toBe(true);
    const later = store.addPhotos([photo('b')]).added[0]!;
    const edit = store.addDescriptionEdit('ph1', 'A', null);
    expect(store.get(later)?.paused).toBe(true);
    expect(store.get(edit)?.paused).toBe(true);
    store.close();

    const reopened = new QueueStore(file, new TestClock());
    expect(reopened.bulk.pausedAll).toBe(true);
    const afterRestart = reopened.addPhotos([photo('c')]).added[0]!;
    expect(reopened.get(afterRestart)?.paused).toBe(true);
    expect(reopened.due(Date.now(), new Set(), 10)).toEqual([]);

    reopened.bulk.setPaused(false);
    expect(reopened.bulk.pausedAll).toBe(false);
    expect(reopened.due(Date.now(), new Set(), 10)).toHaveLength(4);
    expect(reopened.get(reopened.addPhotos([photo('d')]).added[0]!)?.paused).toBe(false);
    // Pausing one item is not pause all.
    reopened.bulk.setPaused(true, afterRestart);
    expect(reopened.bulk.pausedAll).toBe(false);
    reopened.close();
  });
});

describe('byte progress', () => {
  it('counts the bytes as they stream through', async () => {
    const counts: number[] = [];
    const chunks = [Buffer.alloc(100), Buffer.alloc(50), Buffer.alloc(25)];
    await pipeline(
      Readable.from(chunks),
      byteCounter((total) => counts.push(total)),
      new PassThrough().resume(),
    );
    expect(counts).toEqual([100, 150, 175]);
  });

  it('is reported at most four times a second per item', () => {
    const clock = new TestClock();
    const reported: number[] = [];
    const report = throttledProgress(clock, (bytes) => reported.push(bytes));
    for (let bytes = 1; bytes <= 20; bytes += 1) {
      report(bytes);
      clock.advance(50);
    }
    // 20 chunks over one second, 50 ms apart: every fifth one.
    expect(reported).toEqual([1, 6, 11, 16]);
  });

  it('moves the queue’s bytes at the photo host while a photo uploads', async () => {
    const { store } = await openStore();
    const [uploading, staged] = store.addPhotos([photo('a'), photo('b')]).added;
    store.update(staged!, { state: 'staged' });
    store.update(uploading!, { bytes_sent: 400 });
    const progress = queueProgress(store.photoGroups(), new PaceTracker(), 0);
    expect(progress).toMatchObject({ bytesTotal: 2000, bytesStaged: 1400 });
  });
});
