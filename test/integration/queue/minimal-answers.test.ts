import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 22 §2 against the real local service started with `--minimal-answers`: photo lists
// carry no `hash` (the vendor's document requires only `id`), and descriptions are kept in the
// service's own form (`<b>` as `<strong>`). The command line and the real core, end to end.

type ReportRow = { file: string; outcome: string; photo_id: string; reason: string };

/** Another photo taken at the same second as `makePhotos`' first one (other bytes). */
async function sameSecondPhoto(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'IMG_OTHER.jpg');
  await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 99, b: 199 } },
  })
    .withExif({ IFD2: { DateTimeOriginal: '2024:05:01 08:00:00', OffsetTimeOriginal: '+00:00' } })
    .jpeg()
    .toFile(path);
  return path;
}

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title(
    'A service that answers only what its document requires (CLI, real local service)',
  ),
  () => {
    let cli: SignedInCli;
    let project: string;
    const run = (args: readonly string[]) => runCli([...args, '--data-dir', cli.dataDir], cli.env);

    beforeAll(async () => {
      cli = await startSignedInCli('minimal-answers', { service: { minimalAnswers: true } });
      project = cli.service.info.projects[0]!.id;
    }, 90_000);
    afterAll(() => cli?.close());

    it('creates a photo whose duplicate check cannot be made (no hash in the lists), and the report says so', async () => {
      const [first] = await makePhotos(join(cli.folder, 'first'), 1);
      const upload = await run(['upload', first!.path, '--project', project]);
      expect(upload.code, upload.stderr).toBe(0);

      const other = await sameSecondPhoto(join(cli.folder, 'other'));
      // Before issue 22 this waited in `queued` for the hash the lists never carry.
      const started = startCli(
        ['upload', other, '--project', project, '--data-dir', cli.dataDir],
        cli.env,
      );
      const second = await Promise.race([
        started.done,
        new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 90_000).unref()),
      ]);
      if (second === 'stuck') {
        started.child.kill('SIGTERM');
        await started.done;
      }
      expect(second).not.toBe('stuck');
      if (second === 'stuck') return;
      expect(second.code, second.stderr).toBe(0);
      expect((await admin.state(cli.service.info)).photos).toHaveLength(2);

      const report = await run(['report', '--format', 'json']);
      const rows = JSON.parse(report.stdout) as ReportRow[];
      expect(rows.find((row) => row.file === other)).toMatchObject({
        outcome: 'uploaded',
        reason: expect.stringContaining('could not be checked') as unknown,
      });
      expect(rows.find((row) => row.file === first!.path)?.reason).toBe('');
    }, 180_000);

    it('takes an edit after the user’s own edit as no conflict, though the service keeps <b> as <strong>', async () => {
      const photo = (await admin.state(cli.service.info)).photos[0]!;
      const first = await run(['describe', photo.id, '--description', '<p><b>Level 2</b></p>']);
      expect(first.code, first.stderr).toBe(0);
      const stored = async () =>
        (await admin.state(cli.service.info)).photos.find((each) => each.id === photo.id)!
          .description;
      expect(await stored()).toBe('<p><strong>Level 2</strong></p>');

      // The user starts from what they wrote, in their own form.
      const second = await run([
        'describe',
        photo.id,
        '--description',
        '<p><b>Level 3</b></p>',
        '--base',
        '<p><b>Level 2</b></p>',
      ]);
      expect(second.code, `${second.stdout}${second.stderr}`).toBe(0);
      expect(await stored()).toBe('<p><strong>Level 3</strong></p>');
    }, 120_000);
  },
);
