import { createHash } from 'node:crypto';
import {
  copyFile,
  mkdir,
  readFile,
  rename,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_THE_QUEUED_FILE_REASON } from '../../../main/media/queued-file';
import { CHANGED_SINCE_QUEUED_REASON } from '../../../main/queue/stage-step';
import { admin } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli } from '../../support/upload-harness';
import { englishFor } from '../../../shared/i18n/words';

const needsKeychainAndSymlinks = needs('gnome-keyring', 'symlinks');

// Issue 22 §3: a file or a folder on its way swapped after the photo was queued. Through the
// command line against the local service and its S3 store (real processes).

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

type QueueJson = {
  items: {
    path: string | null;
    state: string;
    reason: string | null;
    reason_code?: string | null;
  }[];
};

describe.skipIf(needsKeychainAndSymlinks.skip)(
  needsKeychainAndSymlinks.title(
    'a queued photo whose file or folder was swapped is never uploaded',
  ),
  () => {
    let cli: SignedInCli;
    beforeAll(async () => {
      cli = await startSignedInCli('swapped-files');
    }, 120_000);
    afterAll(() => cli?.close());

    it('holds each one with the reason: a folder swapped for a link, a file replaced in place, and other bytes of the same size and time', async () => {
      const run = (...args: string[]) => runCli([...args, '--data-dir', cli.dataDir], cli.env);
      const project = cli.service.info.projects[0]!.id;
      const site = join(cli.folder, 'site');
      const pictures = join(cli.folder, 'Pictures');
      const made = await makePhotos(join(cli.folder, 'made'), 5);
      const [queuedInSub, privatePhoto, replacedFile, replacement, edited] = made.map(
        (photo) => photo.path,
      ) as [string, string, string, string, string];
      await mkdir(join(site, 'sub'), { recursive: true });
      await mkdir(pictures);
      await copyFile(queuedInSub, join(site, 'sub', 'photo.jpg'));
      // A private photo of the same name, elsewhere.
      await copyFile(privatePhoto, join(pictures, 'photo.jpg'));
      await copyFile(replacedFile, join(site, 'replaced.jpg'));
      await copyFile(edited, join(site, 'edited.jpg'));
      // A round modification time, so that it can be set back exactly after the edit.
      await utimes(join(site, 'edited.jpg'), 1_700_000_000, 1_700_000_000);

      const queued = await run('upload', site, '--project', project, '--queue-only');
      expect(queued.code, queued.stderr).toBe(0);
      expect(queued.stdout).toContain('Queued 3 photos');

      // Another user who can write to the site folder swaps `site/sub` for a link to Pictures…
      await rename(join(site, 'sub'), join(site, 'sub-before'));
      await symlink(pictures, join(site, 'sub'));
      // …writes other bytes over another photo…
      await writeFile(join(site, 'replaced.jpg'), await readFile(replacement));
      // …and changes one byte of a third one, keeping its size and setting its time back.
      const editedBytes = await readFile(join(site, 'edited.jpg'));
      editedBytes.writeUInt8(
        editedBytes.readUInt8(editedBytes.length - 20) ^ 0x01,
        editedBytes.length - 20,
      );
      await writeFile(join(site, 'edited.jpg'), editedBytes);
      await utimes(join(site, 'edited.jpg'), 1_700_000_000, 1_700_000_000);
      expect((await stat(join(site, 'edited.jpg'))).size).toBe(editedBytes.length);

      const synced = await run('sync');
      expect(synced.code, synced.stdout + synced.stderr).toBe(1);

      const queue = JSON.parse((await run('queue', '--json')).stdout) as QueueJson;
      const itemAt = (name: string) => queue.items.find((item) => item.path?.endsWith(name));
      expect(itemAt('sub/photo.jpg')).toMatchObject({
        state: 'needs-attention',
        reason: NOT_THE_QUEUED_FILE_REASON,
      });
      expect(itemAt('replaced.jpg')).toMatchObject({
        state: 'needs-attention',
        reason: NOT_THE_QUEUED_FILE_REASON,
      });
      expect(itemAt('edited.jpg')).toMatchObject({
        state: 'needs-attention',
        // The command line says the queue's words in English, with their code for scripts.
        reason: englishFor(CHANGED_SINCE_QUEUED_REASON),
        reason_code: 'reason.queue.changedSinceQueued',
      });

      // Nothing reached the service or its store: not the private photo, not the swapped bytes.
      const stored = (await admin.state(cli.service.info)).photos.map((photo) => photo.hash);
      for (const path of [privatePhoto, replacement])
        expect(stored).not.toContain(md5(await readFile(path)));
      expect(stored).not.toContain(md5(editedBytes));
      expect(stored).toEqual([]);
    }, 180_000);
  },
);
