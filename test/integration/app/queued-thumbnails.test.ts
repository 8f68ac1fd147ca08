import { access, copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { IntakeItemView } from '../../../shared/ipc/views';
import { plainBatch, takeInThroughCore } from '../../support/core-intake';
import { offlineCores } from '../../support/offline-core';

const ORIENTATION = join(import.meta.dirname, '../../fixtures/exif-samples/jpg/orientation');

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

// The queue shows a thumbnail for every item, also after a restart: main finds the file of a
// queued photo in its own queue, and still serves nothing else.
describe('thumbnails of queued photos', () => {
  const startCore = offlineCores();

  /**
   * A first core takes in two photos, queues one and shuts down; gives back its data folder and
   * the two photos.
   */
  async function queueOneOfTwo(): Promise<{
    dataDir: string;
    queued: IntakeItemView & { status: 'photo' };
    leftOut: IntakeItemView & { status: 'photo' };
  }> {
    const photos = await mkdtemp(join(tmpdir(), 'queued-thumbnails-photos-'));
    await mkdir(join(photos, 'queued'));
    await mkdir(join(photos, 'left-out'));
    // Stored on its side (450×600) with EXIF orientation 6: upright, it is landscape.
    const queuedFile = join(photos, 'queued', 'landscape_6.jpg');
    await copyFile(join(ORIENTATION, 'landscape_6.jpg'), queuedFile);
    await copyFile(join(ORIENTATION, 'portrait_1.jpg'), join(photos, 'left-out', 'portrait_1.jpg'));

    const first = await startCore({ prefix: 'queued-thumbnails-' });
    const found = await takeInThroughCore(first.core, first.handlers, [photos]);
    const queued = found.find((item) => item.path === queuedFile);
    const leftOut = found.find((item) => item.path !== queuedFile);
    if (queued?.status !== 'photo' || leftOut?.status !== 'photo')
      throw new Error('intake did not find both photos');
    expect(
      await first.handlers['queue:add-photos'](plainBatch([queued.intakeId], 'p-1')),
    ).toMatchObject({ added: 1 });
    // Taken in during the first session, the photo's thumbnail is served there.
    expect(await first.core.thumbnail(leftOut.md5)).toBeDefined();
    await first.stop();
    return { dataDir: first.dataDir, queued, leftOut };
  }

  it('are served by a later core from the queue: file, format and orientation as queued', async () => {
    const { dataDir, queued } = await queueOneOfTwo();
    // A new session: the window knows the item only by its MD5 in the queue.
    const second = await startCore({ dataDir });
    const cached = join(dataDir, 'thumbnails', queued.md5.slice(0, 2), `${queued.md5}.jpg`);
    expect(await exists(cached)).toBe(false);
    const file = await second.core.thumbnail(queued.md5);
    expect(file).toBe(cached);
    const { width, height, format } = await sharp(file).metadata();
    expect(format).toBe('jpeg');
    // Turned upright by the orientation the queue recorded.
    expect([width, height]).toEqual([320, 240]);
  }, 60_000);

  it('are refused for an MD5 that is neither queued nor taken in during this session', async () => {
    const { dataDir, leftOut } = await queueOneOfTwo();
    const second = await startCore({ dataDir });
    // Taken in (and shown) by the first session only, its file still on disk: refused now.
    expect(await second.core.thumbnail(leftOut.md5)).toBeUndefined();
    expect(await second.core.thumbnail('0'.repeat(32))).toBeUndefined();
    expect(await second.core.thumbnail('d41d8cd98f00b204e9800998ecf8427e')).toBeUndefined();
  }, 60_000);
});
