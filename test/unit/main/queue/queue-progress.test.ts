import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PaceTracker, progressLine, queueProgress } from '../../../../main/queue/queue-progress';
import { QueueStore } from '../../../../main/queue/queue-store';
import { TestClock } from '../../../fakes/test-clock';
import { legacyReason } from '../../../../main/queue/queue-reason';

describe('queue progress', () => {
  it('counts photos by stage, bytes at the photo host, and estimates the time left from the recent pace', async () => {
    const store = new QueueStore(
      join(await mkdtemp(join(tmpdir(), 'progress-')), 'queue.db'),
      new TestClock(),
    );
    const { added } = store.addPhotos(
      ['a', 'b', 'c', 'd', 'e'].map((md5) => ({
        path: `/${md5}.jpg`,
        size: 1024 * 1024,
        format: 'jpeg' as const,
        md5,
        capturedAt: 1,
        coordinates: null,
        projectId: 'p',
        description: '',
        internal: false,
      })),
    );
    store.update(added[0]!, { state: 'done' });
    store.update(added[1]!, { state: 'created' });
    store.update(added[2]!, { state: 'creating' });
    store.update(added[3]!, { state: 'staged' });
    const pace = new PaceTracker();
    expect(queueProgress(store.photoGroups(), pace, 0).etaSeconds).toBeUndefined();
    pace.finished(0);
    pace.finished(2000);
    const progress = queueProgress(store.photoGroups(), pace, 2000);
    expect(progress).toEqual({
      stages: { preparing: 2, creating: 1, processing: 1, done: 1 },
      needsAttention: 0,
      paused: 0,
      bytesTotal: 5 * 1024 * 1024,
      bytesStaged: 4 * 1024 * 1024,
      etaSeconds: 8,
    });
    expect(progressLine(progress)).toBe(
      '1 done, 1 processing, 1 creating, 2 preparing; 4.0 of 5.0 MiB at the photo host, about 8 s left',
    );

    // Cancelled photos leave the totals; paused ones and those needing attention are counted apart.
    store.cancel(added[4]!);
    store.bulk.setPaused(true, added[3]);
    store.update(added[2]!, { state: 'needs-attention', reason: legacyReason('gone') });
    store.addDescriptionEdit('photo-1', '<p>x</p>', null);
    expect(queueProgress(store.photoGroups(), new PaceTracker(), 0)).toEqual({
      stages: { preparing: 1, creating: 0, processing: 1, done: 1 },
      needsAttention: 1,
      paused: 1,
      bytesTotal: 4 * 1024 * 1024,
      bytesStaged: 4 * 1024 * 1024,
      etaSeconds: undefined,
    });
  });
});
