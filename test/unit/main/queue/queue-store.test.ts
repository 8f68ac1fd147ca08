import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { reportRows, toCsv } from '../../../../main/queue/queue-report';
import { migrateQueue } from '../../../../main/queue/queue-migrations';
import { QUEUE_MIGRATIONS, QueueStore } from '../../../../main/queue/queue-store';
import { TestClock } from '../../../fakes/test-clock';
import { legacyReason } from '../../../../main/queue/queue-reason';

const photo = (md5: string, projectId = 'p1') => ({
  path: `/photos/${md5}.jpg`,
  size: 10,
  format: 'jpeg' as const,
  md5,
  capturedAt: 1_700_000_000,
  coordinates: null,
  projectId,
  description: '',
  internal: false,
});

async function openStore(): Promise<{ store: QueueStore; file: string }> {
  const file = join(await mkdtemp(join(tmpdir(), 'queue-store-')), 'queue.db');
  return { store: new QueueStore(file, new TestClock()), file };
}

describe('QueueStore', () => {
  it('keeps items across reopening, with their states', async () => {
    const { store, file } = await openStore();
    const { added } = store.addPhotos([photo('a'), photo('b')]);
    store.update(added[0]!, { state: 'creating' });
    store.close();
    const reopened = new QueueStore(file, new TestClock());
    expect(reopened.all().map((item) => [item.md5, item.state])).toEqual([
      ['a', 'creating'],
      ['b', 'queued'],
    ]);
    reopened.close();
  });

  it('gives the thumbnail of a queued photo the file intake read, so no other is read', async () => {
    const { store } = await openStore();
    const identity = { dev: '2049', ino: '123456', size: 10, mtimeNs: '1700000000000000000' };
    store.addPhotos([{ ...photo('a'), identity, orientation: 1 }]);
    expect(store.thumbnailSource('a')).toEqual({
      path: '/photos/a.jpg',
      format: 'jpeg',
      orientation: 1,
      md5: 'a',
      identity,
    });
  });

  it('does not queue the same photo twice for one project', async () => {
    const { store } = await openStore();
    store.addPhotos([photo('a')]);
    const again = store.addPhotos([photo('a'), photo('a', 'p2')]);
    expect(again.added).toHaveLength(1);
    expect(again.alreadyQueued).toHaveLength(1);
    expect(again.addedEach).toEqual([false, true]);
  });

  it('hands out due work oldest first, skipping paused and in-flight items', async () => {
    const { store } = await openStore();
    const { added } = store.addPhotos([photo('a'), photo('b'), photo('c')]);
    store.bulk.setPaused(true, added[1]);
    expect(store.due(Date.now(), new Set([added[0]!]), 5).map((item) => item.md5)).toEqual(['c']);
    store.update(added[2]!, { next_attempt_at: Date.now() + 60_000 });
    expect(store.due(Date.now(), new Set([added[0]!]), 5)).toEqual([]);
    store.bulk.setPaused(false);
    expect(store.due(Date.now(), new Set(), 5).map((item) => item.md5)).toEqual(['a', 'b']);
  });

  it('retries items that need attention from where they stopped, and cancels only what has not reached the service', async () => {
    const { store } = await openStore();
    const { added } = store.addPhotos([photo('a'), photo('b'), photo('c')]);
    store.update(added[0]!, { state: 'needs-attention', reason: legacyReason('x') });
    store.update(added[1]!, {
      state: 'needs-attention',
      reason: legacyReason('y'),
      photo_id: 'ph1',
    });
    expect(store.bulk.retry()).toHaveLength(2);
    expect(store.get(added[0]!)).toMatchObject({ state: 'queued', reason: null });
    expect(store.get(added[1]!)).toMatchObject({ state: 'created', photo_id: 'ph1' });
    expect(store.cancel(added[1]!)).toBe(false);
    expect(store.cancel(added[2]!)).toBe(true);
    expect(store.counts()).toMatchObject({ queued: 1, created: 1, cancelled: 1 });
  });

  it('opens a queue an earlier release wrote (schema version 1), and Retry clears the wait it bounds', async () => {
    // The queue as the first release left it: only the first migration, one photo created.
    const file = join(await mkdtemp(join(tmpdir(), 'queue-store-')), 'queue.db');
    const old = new Database(file);
    migrateQueue(old, QUEUE_MIGRATIONS.slice(0, 1));
    old.exec(
      "INSERT INTO items (kind, state, project_id, path, size, format, md5, captured_at, photo_id, created_at, updated_at) VALUES ('photo', 'created', 'p1', '/photos/a.jpg', 1, 'jpeg', 'a', 0, 'ph1', 0, 0);",
    );
    old.close();
    const reopened = new QueueStore(file, new TestClock());
    const [item] = reopened.all();
    expect(item).toMatchObject({
      state: 'created',
      photo_id: 'ph1',
      waiting_since: null,
      tags: [],
      allow_duplicates: false,
      found_on_service: false,
      upload_md5: null,
      failed_photo_ids: [],
      // Queued before identities were recorded: only the MD5 is checked at upload.
      file_identity: null,
      note: null,
      // No page on the service recorded before the queue linked it: the row shows "Uploaded".
      photo_url: null,
    });
    expect(reopened.bulk.pausedAll).toBe(false);
    reopened.update(item!.id, {
      state: 'needs-attention',
      reason: legacyReason('x'),
      waiting_since: 5,
    });
    reopened.bulk.retry(item!.id);
    expect(reopened.get(item!.id)).toMatchObject({ state: 'created', waiting_since: null });
    reopened.close();
  });

  it('keeps each photo’s tags, normalized', async () => {
    const { store, file } = await openStore();
    const { added } = store.addPhotos([
      { ...photo('a'), tags: [' rebar', 'Level 2', 'REBAR'] },
      photo('b'),
    ]);
    store.close();
    const reopened = new QueueStore(file, new TestClock());
    expect(reopened.get(added[0]!)?.tags).toEqual(['rebar', 'Level 2']);
    expect(reopened.get(added[1]!)?.tags).toEqual([]);
    reopened.close();
  });

  it('knows which MD5s were uploaded, for intake’s duplicate flag', async () => {
    const { store } = await openStore();
    const { added } = store.addPhotos([photo('a'), photo('b')]);
    store.update(added[0]!, { state: 'done', photo_id: 'ph-a' });
    expect([...store.uploadedPhotoIds(['a', 'b', 'z'])]).toEqual([['a', 'ph-a']]);
  });
});

describe('the report', () => {
  it('says every item’s outcome, and quotes CSV safely (formulas defused)', async () => {
    const { store } = await openStore();
    const { added } = store.addPhotos([photo('a'), photo('b')]);
    store.update(added[0]!, { state: 'done', photo_id: 'ph-a', processing_status: 'processed' });
    store.update(added[1]!, {
      state: 'needs-attention',
      reason: legacyReason('=HYPERLINK("x"), "quoted"'),
    });
    const rows = reportRows(store.all());
    expect(rows.map((row) => row.outcome)).toEqual(['uploaded', 'needs attention']);
    const csv = toCsv(rows);
    expect(csv.split('\r\n')[0]).toBe(
      'file,project,outcome,photo_id,reason,failed_photo_ids,reason_code,after_upload',
    );
    expect(csv).toContain(`"'=HYPERLINK(""x""), ""quoted""",,reason.legacy`);
  });
});
