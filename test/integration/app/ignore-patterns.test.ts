import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 26 §2: `--ignore GLOB` and a folder's `.photouploaderignore` leave files out of
// `upload` and `inspect`, each listed as skipped with the pattern that matched.

const md5Of = async (path: string) =>
  createHash('md5')
    .update(await readFile(path))
    .digest('hex');

const inspectLine = z.object({
  path: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
});
const photoLine = z.object({ hash: z.string().nullable() });

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('--ignore and .photouploaderignore through the real command line'),
  () => {
    let cli: SignedInCli;
    let site: string;
    /** The photos that must reach the service, and those that must not. */
    let kept: string[];
    let thumbs: string[];
    let small: string;

    beforeAll(async () => {
      cli = await startSignedInCli('ignore-patterns');
      site = join(cli.folder, 'site');
      const photos = (await makePhotos(join(cli.folder, 'made'), 5)).map((photo) => photo.path);
      await mkdir(join(site, 'level 1', 'thumbs'), { recursive: true });
      const place = async (from: string, ...to: string[]) => {
        await rename(from, join(site, ...to));
        return join(site, ...to);
      };
      kept = [
        await place(photos[0]!, 'level 1', 'a.jpg'),
        await place(photos[1]!, 'level 1', 'b.jpg'),
      ];
      thumbs = [
        await place(photos[2]!, 'level 1', 'thumbs', 'a.jpg'),
        await place(photos[3]!, 'level 1', 'thumbs', 'b.jpg'),
      ];
      small = await place(photos[4]!, 'level 1', 'a_small.jpg');
      await writeFile(join(site, '.photouploaderignore'), '# office rules\n*_small.jpg\n');
    }, 120_000);
    afterAll(() => cli?.close());

    it('refuses a bad pattern, naming it, before anything is opened', async () => {
      const run = await runCli(
        ['upload', site, '--project', '1', '--ignore', 'thumbs\\small', '--data-dir', cli.dataDir],
        cli.env,
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'upload: --ignore: The ignore pattern “thumbs\\small” is not valid: use / between folders, not \\\n',
      );
      const queue = await runCli(['queue', '--json', '--data-dir', cli.dataDir], cli.env);
      expect(queue.stdout).not.toContain('.jpg');
    });

    it('inspect --ignore lists the left-out files with their patterns', async () => {
      const run = await runCli(['inspect', site, '--ignore', '**/thumbs/**', '--json']);
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((line) => inspectLine.parse(JSON.parse(line)));
      const byPath = new Map(lines.map((line) => [line.path, line]));
      expect(byPath.get(join(site, 'level 1', 'thumbs'))).toMatchObject({
        status: 'skipped',
        reason: 'Left out by the ignore pattern “**/thumbs/**” given with --ignore',
      });
      expect(byPath.get(small)).toMatchObject({
        status: 'skipped',
        reason: `Left out by the ignore pattern “*_small.jpg” in ${join(site, '.photouploaderignore')}`,
      });
      for (const path of thumbs) expect(byPath.has(path)).toBe(false);
      for (const path of kept) expect(byPath.get(path)?.status).toBe('photo');
    }, 60_000);

    it('upload --ignore sends only the rest to the service, listing what it left out', async () => {
      const project = cli.service.info.projects[0]!.id;
      const run = await runCli(
        [
          'upload',
          site,
          '--project',
          project,
          '--ignore',
          '**/thumbs/**',
          '--data-dir',
          cli.dataDir,
        ],
        cli.env,
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(
        `skipped: ${join(site, 'level 1', 'thumbs')}: Left out by the ignore pattern “**/thumbs/**” given with --ignore\n`,
      );
      expect(run.stderr).toContain(
        `skipped: ${small}: Left out by the ignore pattern “*_small.jpg” in ${join(site, '.photouploaderignore')}\n`,
      );
      const photos = await runCli(
        ['photos', '--project', project, '--json', '--data-dir', cli.dataDir],
        cli.env,
      );
      expect(photos.code, photos.stderr).toBe(0);
      const hashes = photos.stdout
        .trim()
        .split('\n')
        .map((line) => photoLine.parse(JSON.parse(line)).hash);
      expect(new Set(hashes)).toEqual(new Set(await Promise.all(kept.map(md5Of))));
    }, 120_000);
  },
);
