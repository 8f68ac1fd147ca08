import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planAddPhotos } from '../../../../main/core/add-photos-plan';
import { cleanDescription } from '../../../../main/core/handler-input-checks';
import { silentLogger } from '../../../../main/logging/logger';
import { AfterUploadTidier } from '../../../../main/queue/after-upload-tidier';
import { QueueStore } from '../../../../main/queue/queue-store';
import type { IntakePhoto } from '../../../../shared/domain/intake';
import { ipcCalls } from '../../../../shared/ipc/contract';
import { intakePhoto } from '../../../fakes/intake-photo';
import { TestClock } from '../../../fakes/test-clock';
import { plainJpeg } from '../../../support/exiftool';
import { needs } from '../../../support/platform-needs';

const needsExiftool = needs('exiftool');

// Issue 26 §3: the after-upload action runs once the service holds the photo, and a photo found
// already on the service before queuing is held by it too. Through the real plan, the real queue
// (SQLite) and the real tidier: its file is moved like an uploaded one, but only while it is
// still the file whose MD5 was queued.

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe.skipIf(needsExiftool.skip)(
  needsExiftool.title('a photo found already on the service, with an after-upload action'),
  () => {
    let dir: string;
    let store: QueueStore;
    beforeEach(async () => {
      dir = await realpath(await mkdtemp(join(tmpdir(), 'on-service-tidy-')));
      store = new QueueStore(join(dir, 'queue.db'), new TestClock());
    });
    afterEach(async () => {
      store.close();
      await rm(dir, { recursive: true, force: true });
    });

    async function drop(): Promise<{ root: string; photos: IntakePhoto[] }> {
      const root = join(dir, 'card');
      const photos: IntakePhoto[] = [];
      for (const [n, folder] of ['Level 1', 'Level 2'].entries()) {
        await mkdir(join(root, folder), { recursive: true });
        const path = join(root, folder, `IMG_${n}.jpg`);
        await plainJpeg(path, n);
        const bytes = await readFile(path);
        photos.push(intakePhoto(path, md5(bytes), { size: bytes.length }));
      }
      return { root, photos };
    }

    async function plan(root: string, photos: IntakePhoto[], afterUpload?: unknown) {
      return planAddPhotos(
        ipcCalls['queue:add-photos'].parse({
          intakeIds: [0, 1],
          projectId: 'p1',
          description: '',
          onService: [
            { intakeId: 0, photoId: 'ph-0' },
            { intakeId: 1, photoId: 'ph-1' },
          ],
          ...(afterUpload === undefined ? {} : { afterUpload }),
        }),
        { photo: (id) => photos[id], root: () => root },
        cleanDescription,
      );
    }

    it('moves its file once recorded, keeping its subfolder; a file changed since is left, said', async () => {
      const { root, photos } = await drop();
      const done = join(dir, 'done');
      const planned = await plan(root, photos, { kind: 'move', folder: done });
      // Listed by its queue item (done, already on the service), not a second time as not queued.
      expect(planned.notQueued).toEqual([]);
      const { added } = store.addPhotos(planned.foundOnService);
      expect(store.getMany(added)).toMatchObject([
        { state: 'done', found_on_service: true, photo_id: 'ph-0', md5: photos[0]!.md5 },
        { state: 'done', found_on_service: true, photo_id: 'ph-1', md5: photos[1]!.md5 },
      ]);
      // The second file is written over after it was found on the service: not the bytes queued.
      await writeFile(photos[1]!.path, 'other bytes');

      const tidier = new AfterUploadTidier(store, {
        trash: () => Promise.reject(new Error('not asked to trash')),
        logger: silentLogger,
        changed: () => undefined,
      });
      await tidier.run();

      expect(await exists(photos[0]!.path)).toBe(false);
      expect(md5(await readFile(join(done, 'Level 1', 'IMG_0.jpg')))).toBe(photos[0]!.md5);
      expect(store.get(added[0]!)?.after_upload_result).toEqual({
        kind: 'moved',
        to: join(done, 'Level 1', 'IMG_0.jpg'),
      });
      expect(await readFile(photos[1]!.path, 'utf8')).toBe('other bytes');
      expect(store.get(added[1]!)?.after_upload_result).toMatchObject({
        kind: 'left',
        reason: { key: 'reason.afterUpload.changed' },
      });
      expect(store.afterUpload.pending()).toEqual([]);
    });

    it('is only listed as already on the service when the batch leaves files where they are', async () => {
      const { root, photos } = await drop();
      const planned = await plan(root, photos);
      expect(planned.foundOnService).toEqual([]);
      expect(planned.notQueued.map((entry) => [entry.outcome, entry.photoId])).toEqual([
        ['on-service', 'ph-0'],
        ['on-service', 'ph-1'],
      ]);
    });
  },
);
