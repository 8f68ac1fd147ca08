import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitDurability } from '../../../../main/queue/commit-durability';
import { QueueStore, type QueueItem } from '../../../../main/queue/queue-store';
import { TestClock } from '../../../fakes/test-clock';
import { legacyReason } from '../../../../main/queue/queue-reason';

describe('commitDurability: which journal writes may skip the disk sync', () => {
  let dir: string;
  let store: QueueStore;
  let photo: QueueItem;
  let edit: QueueItem;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'durability-'));
    store = new QueueStore(join(dir, 'q.db'), new TestClock());
    const [photoId] = store.addPhotos([
      {
        path: '/photos/IMG_1.jpg',
        size: 10,
        format: 'jpeg',
        md5: 'a'.repeat(32),
        capturedAt: 1_700_000_000,
        coordinates: null,
        projectId: 'p1',
        description: '',
        internal: false,
      },
    ]).added;
    photo = store.get(photoId!)!;
    edit = store.get(store.addDescriptionEdit('ph-1', '<p>New</p>', '<p>Old</p>'))!;
  });
  afterAll(async () => {
    store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps every write that leads to a create, or records what the service has, durable', () => {
    expect(commitDurability(photo, { state: 'creating' })).toBe('durable');
    expect(commitDurability(photo, { state: 'created', photo_id: 'ph-1' })).toBe('durable');
    expect(commitDurability(photo, { state: 'staged', photo_id: null })).toBe('relaxed');
    expect(commitDurability(photo, { state: 'needs-attention', reason: legacyReason('x') })).toBe(
      'durable',
    );
    expect(commitDurability(photo, { state: 'queued', uri: null })).toBe('durable');
    expect(commitDurability(photo, { attempts: 1, next_attempt_at: 5 })).toBe('durable');
    expect(commitDurability(photo, {})).toBe('durable');
  });

  it('relaxes only steps that are safe to repeat: byte counts, wait starts, staged and done photos', () => {
    expect(commitDurability(photo, { bytes_sent: 100 })).toBe('relaxed');
    expect(commitDurability(photo, { waiting_since: 5 })).toBe('relaxed');
    expect(commitDurability(photo, { state: 'staged', uri: 'https://x/a.jpg' })).toBe('relaxed');
    expect(commitDurability(photo, { state: 'done', processing_status: 'processed' })).toBe(
      'relaxed',
    );
    expect(commitDurability(photo, { bytes_sent: 100, state: 'creating' })).toBe('durable');
  });

  it('keeps a description edit durable when done: sent again, it would meet its own change as a conflict', () => {
    expect(commitDurability(edit, { state: 'done' })).toBe('durable');
    expect(commitDurability(edit, { state: 'staged' })).toBe('durable');
  });

  it('commits a relaxed write (another connection sees it), and durable writes go on after it', () => {
    store.update(photo.id, { bytes_sent: 7 }, 'relaxed');
    store.update(photo.id, { state: 'staged', uri: 'https://x/a.jpg' }, 'durable');
    store.close();
    store = new QueueStore(join(dir, 'q.db'), new TestClock());
    expect(store.get(photo.id)).toMatchObject({ bytes_sent: 7, state: 'staged' });
  });
});
