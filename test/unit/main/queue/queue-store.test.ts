import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { reportRows, toCsv } from '../../../../main/queue/queue-report';
import { QueueStore } from '../../../../main/queue/queue-store';
import { TestClock } from '../../../fakes/test-clock';

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

  it('does not queue the same photo twice for one project', async () => {
    const { store } = await openStore();
    store.addPhotos([photo('a')]);
    const again = store.addPhotos([photo('a'), photo('a', 'p2')]);
    expect(again.added).toHaveLength(1);
    expect(again.alreadyQueued).toHaveLength(1);
  });

  it('hands out due work oldest first, skipping paused and in-flight items', async () => {
    const { store } = await openStore();
    const { added } = store.addPhotos([photo('a'), photo('b'), photo('c')]);
    store.setPaused(true, added[1]);
    expect(store.due(Date.now(), new Set([added[0]!]), 5).map((item) => item.md5)).toEqual(['c']);
    store.update(added[2]!, { next_attempt_at: Date.now() + 60_000 });
    expect(store.due(Date.now(), new Set([added[0]!]), 5)).toEqual([]);
    store.setPaused(false);
    expect(store.due(Date.now(), new Set(), 5).map((item) => item.md5)).toEqual(['a', 'b']);
  });

  it('retries items that need attention from where they stopped, and cancels only what has not reached the service', async () => {
    const { store } = await openStore();
    const { added } = store.addPhotos([photo('a'), photo('b'), photo('c')]);
    store.update(added[0]!, { state: 'needs-attention', reason: 'x' });
    store.update(added[1]!, { state: 'needs-attention', reason: 'y', photo_id: 'ph1' });
    expect(store.retry()).toBe(2);
    expect(store.get(added[0]!)).toMatchObject({ state: 'queued', reason: null });
    expect(store.get(added[1]!)).toMatchObject({ state: 'created', photo_id: 'ph1' });
    expect(store.cancel(added[1]!)).toBe(false);
    expect(store.cancel(added[2]!)).toBe(true);
    expect(store.counts()).toMatchObject({ queued: 1, created: 1, cancelled: 1 });
  });

  it('opens a queue written before `waiting_since` existed, and Retry clears the wait it bounds', async () => {
    const { store, file } = await openStore();
    const { added } = store.addPhotos([photo('a')]);
    store.update(added[0]!, { state: 'created', photo_id: 'ph1' });
    store.close();
    // The queue as an earlier release left it: schema version 1, no `waiting_since`, no `tags`.
    const old = new Database(file);
    old.exec(
      'ALTER TABLE items DROP COLUMN waiting_since; ALTER TABLE items DROP COLUMN tags; UPDATE schema_version SET version = 1;' +
        // Nor what issue 13 added: pause all as a state of the queue, the failed records' ids.
        ' DROP TRIGGER items_paused_while_all_paused; DROP TABLE queue_flags; ALTER TABLE items DROP COLUMN failed_photo_ids;',
    );
    old.close();
    const reopened = new QueueStore(file, new TestClock());
    expect(reopened.get(added[0]!)).toMatchObject({
      state: 'created',
      photo_id: 'ph1',
      waiting_since: null,
      tags: [],
    });
    reopened.update(added[0]!, { state: 'needs-attention', reason: 'x', waiting_since: 5 });
    reopened.retry(added[0]);
    expect(reopened.get(added[0]!)).toMatchObject({ state: 'created', waiting_since: null });
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
    store.update(added[1]!, { state: 'needs-attention', reason: '=HYPERLINK("x"), "quoted"' });
    const rows = reportRows(store.all());
    expect(rows.map((row) => row.outcome)).toEqual(['uploaded', 'needs attention']);
    const csv = toCsv(rows);
    expect(csv.split('\r\n')[0]).toBe('file,project,outcome,photo_id,reason,failed_photo_ids');
    expect(csv).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
  });
});
