import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 22 §6: `describe` says the text it replaces when it was not given `--base`, and a
// description conflict is resolved from the command line (`retry ID --keep-mine`,
// `--take-theirs`, or `--description HTML`), through the same core call as the window's buttons.

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('describe and its conflicts on the command line (real local service)'),
  () => {
    let cli: SignedInCli;
    let photoId: string;
    const run = (args: readonly string[]) => runCli([...args, '--data-dir', cli.dataDir], cli.env);
    const onService = async () =>
      (await admin.state(cli.service.info)).photos.find((photo) => photo.id === photoId)!
        .description;
    /** Queues an edit from a base the service no longer has: a conflict. Returns its item id. */
    const conflict = async (description: string): Promise<number> => {
      const edit = await run([
        'describe',
        photoId,
        '--description',
        description,
        '--base',
        'Stale',
      ]);
      expect(edit.code, edit.stderr).toBe(1);
      const itemId = Number(/queue item (\d+)/.exec(edit.stdout)?.[1]);
      expect(edit.stderr).toContain(`retry ${itemId} --keep-mine`);
      return itemId;
    };

    beforeAll(async () => {
      cli = await startSignedInCli('describe-conflict');
      const [photo] = await makePhotos(cli.folder, 1);
      const project = cli.service.info.projects[0]!.id;
      const upload = await run([
        'upload',
        photo!.path,
        '--project',
        project,
        '--description',
        '<p>Slab</p>',
      ]);
      expect(upload.code, upload.stderr).toBe(0);
      photoId = (await admin.state(cli.service.info)).photos[0]!.id;
    }, 120_000);
    afterAll(() => cli?.close());

    it('says the description it replaces when it was not given --base', async () => {
      const edit = await run(['describe', photoId, '--description', '<p>Level 2</p>']);
      expect(edit.code, edit.stderr).toBe(0);
      expect(edit.stdout).toContain(`Photo ${photoId} has the description now: <p>Slab</p>`);
      expect(await onService()).toBe('<p>Level 2</p>');
    }, 60_000);

    it('keeps mine, takes theirs, or sends new words, and refuses what is not a conflict', async () => {
      const mine = await conflict('<p>Mine</p>');
      const kept = await run(['retry', String(mine), '--keep-mine']);
      expect(kept.code, kept.stderr).toBe(0);
      expect(await onService()).toBe('<p>Mine</p>');

      const theirs = await conflict('<p>Not sent</p>');
      const taken = await run(['retry', String(theirs), '--take-theirs']);
      expect(taken.code, taken.stderr).toBe(0);
      expect(await onService()).toBe('<p>Mine</p>');

      const merged = await conflict('<p>Draft</p>');
      const words = await run(['retry', String(merged), '--description', '<p>Merged</p>']);
      expect(words.code, words.stderr).toBe(0);
      expect(await onService()).toBe('<p>Merged</p>');

      const notAConflict = await run(['retry', String(mine), '--keep-mine']);
      expect(notAConflict.code).toBe(2);
      expect(notAConflict.stderr).toContain('is not a description conflict');
      const both = await run(['retry', String(mine), '--keep-mine', '--take-theirs']);
      expect(both.code).toBe(2);
      const all = await run(['retry', '--all', '--take-theirs']);
      expect(all.code).toBe(2);
    }, 180_000);
  },
);
