import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QueueStore } from '../../../../main/queue/queue-store';
import { TestClock } from '../../../fakes/test-clock';

const photo = (projectId: string) => ({
  path: '/card/DCIM/IMG_0001.jpg',
  size: 10,
  format: 'jpeg' as const,
  md5: 'c0ffee',
  capturedAt: 1_700_000_000,
  coordinates: null,
  projectId,
  description: '',
  internal: false,
  afterUpload: { kind: 'trash' as const },
  afterUploadRoot: '/card',
});

describe('after-upload records: which photos are tidied', () => {
  it('tidies a file queued for two projects only once neither still needs it', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'after-upload-records-')), 'queue.db');
    const store = new QueueStore(file, new TestClock());
    const { added } = store.addPhotos([photo('p1'), photo('p2')]);
    expect(added).toHaveLength(2);
    store.update(added[0]!, { state: 'done', photo_id: 'ph-1' });
    // The second project's upload still reads the file: moving or trashing it now would leave
    // that item with "the file is gone".
    expect(store.afterUpload.pending()).toEqual([]);
    store.update(added[1]!, { state: 'done', photo_id: 'ph-2' });
    expect(store.afterUpload.pending()).toEqual(added);
    store.close();
  });
});
