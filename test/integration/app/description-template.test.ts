import { copyFile, mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, md5 } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { runCli, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 26 §1, done when: `--description-template '<p>{folder}, {date} {time}</p>'` gives each
// photo its folder and its own capture date and time, on the photo's own clock (never the
// computer's, never `--zone`'s when the photo says its own), through the real command line and
// the local service; an unknown token is refused before anything is queued; a watched folder's
// rule renders its template for each photo that lands.

const SAMPLES = join(import.meta.dirname, '../../fixtures/exif-samples/jpg');

/** A JPEG whose camera wrote `wall` at `offset` (EXIF OffsetTimeOriginal), with its make/model. */
async function photoAt(path: string, wall: string, offset: string, shade: number): Promise<void> {
  await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 90, b: 140 } },
  })
    .withExif({
      IFD0: { Make: 'Canon', Model: 'Canon EOS R6' },
      IFD2: { DateTimeOriginal: wall, OffsetTimeOriginal: offset },
    })
    .jpeg({ quality: 90 })
    .toFile(path);
}

/** Polls `check` until it holds (or fails after `ms`). */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('--description-template from the command line'),
  () => {
    let cli: SignedInCli;
    beforeAll(async () => {
      cli = await startSignedInCli('description-template');
    }, 120_000);
    afterAll(() => cli?.close());

    /** The service's description of the file at `path`, found by its MD5. */
    const descriptionOf = async (path: string) => {
      const hash = md5(await readFile(path));
      return (await admin.state(cli.service.info)).photos.find((photo) => photo.hash === hash)
        ?.description;
    };

    it('gives each photo its folder and its own capture date and time', async () => {
      const root = join(cli.folder, 'drop');
      const tokyo = join(root, 'Level 2');
      const lima = join(root, 'Roof & Deck');
      await mkdir(tokyo, { recursive: true });
      await mkdir(lima, { recursive: true });
      // 23:30 in Tokyo is 14:30 UTC and still 09:30 in Lima: three dates apart from UTC's clock.
      await photoAt(join(tokyo, 'a.jpg'), '2024:05:01 23:30:00', '+09:00', 1);
      await photoAt(join(lima, 'b.jpg'), '2024:05:01 09:30:00', '-05:00', 2);
      // A camera with no offset but a GPS position (Tuscany): its zone is the place's, +02:00.
      await copyFile(join(SAMPLES, 'gps/DSCN0010.jpg'), join(tokyo, 'DSCN0010.jpg'));
      const project = cli.service.info.projects[0]!;

      const run = await runCli(
        [
          'upload',
          root,
          '--project',
          project.id,
          '--zone',
          'Pacific/Auckland',
          '--description-template',
          '<p>{folder}, {date} {time}</p><p>{camera} · {path}/{file} · {project}</p>',
          '--data-dir',
          cli.dataDir,
        ],
        cli.env,
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Queued 3 photos');

      expect(await descriptionOf(join(tokyo, 'a.jpg'))).toBe(
        `<p>Level 2, 2024-05-01 23:30</p><p>Canon EOS R6 · Level 2/a · ${project.name}</p>`,
      );
      // The folder's name is text: escaped, never markup.
      expect(await descriptionOf(join(lima, 'b.jpg'))).toBe(
        `<p>Roof &amp; Deck, 2024-05-01 09:30</p><p>Canon EOS R6 · Roof &amp; Deck/b · ${project.name}</p>`,
      );
      expect(await descriptionOf(join(tokyo, 'DSCN0010.jpg'))).toBe(
        `<p>Level 2, 2008-10-22 16:28</p><p>NIKON COOLPIX P6000 · Level 2/DSCN0010 · ${project.name}</p>`,
      );
    }, 180_000);

    it('refuses an unknown token, naming it, with nothing queued', async () => {
      const root = join(cli.folder, 'refused');
      await mkdir(root);
      await photoAt(join(root, 'c.jpg'), '2024:05:02 10:00:00', '+01:00', 3);
      const before = (await admin.state(cli.service.info)).photos.length;
      const run = await runCli(
        [
          'upload',
          root,
          '--project',
          cli.service.info.projects[0]!.id,
          '--description-template',
          '{folder} {foo}',
          '--data-dir',
          cli.dataDir,
        ],
        cli.env,
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('uses {foo}, which is not a token');
      const queue = await runCli(['queue', '--json', '--data-dir', cli.dataDir], cli.env);
      expect(queue.stdout).not.toContain('c.jpg');
      expect((await admin.state(cli.service.info)).photos).toHaveLength(before);
    }, 120_000);

    it('renders a watched folder rule’s template for each photo that lands', async () => {
      const watched = join(cli.folder, 'inbox');
      const staging = join(cli.folder, 'staging');
      await mkdir(join(watched, 'Basement'), { recursive: true });
      await mkdir(staging);
      const watch = startCli(
        [
          'watch',
          watched,
          '--project',
          cli.service.info.projects[0]!.id,
          '--settle-seconds',
          '1',
          '--description-template',
          '{{{folder}}} {date} {time}',
          '--data-dir',
          cli.dataDir,
        ],
        cli.env,
      );
      let stderr = '';
      watch.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      try {
        await until(() => Promise.resolve(stderr.includes('Watching')), 60_000, 'the watch');
        const made = join(staging, 'd.jpg');
        await photoAt(made, '2024:06:30 22:15:00', '-07:00', 4);
        // Whole, at once: the watcher sees a complete file.
        const landed = join(watched, 'Basement', 'd.jpg');
        await rename(made, landed);
        await until(
          async () => (await descriptionOf(landed)) !== undefined,
          90_000,
          'the watched photo on the service',
        );
        expect(await descriptionOf(landed)).toBe('{Basement} 2024-06-30 22:15');
      } finally {
        watch.child.kill('SIGINT');
        await watch.done;
      }
    }, 180_000);
  },
);
