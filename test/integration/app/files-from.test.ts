import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 22 §6, many files: 10,500 paths do not fit on one `npm run cli -- upload` line (npm
// exits 249 with no message); `--files-from FILE|-` takes the list from a file or stdin.

const MANY = 10_500;

const inspectLine = z.object({ path: z.string(), status: z.string() });

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('--files-from: a list of paths too long for a command line'),
  () => {
    let cli: SignedInCli;
    let paths: string[];
    let photos: string[];

    beforeAll(async () => {
      cli = await startSignedInCli('files-from');
      // Five photos, each copied under 2,100 names (copies: intake takes a hard link once).
      photos = (await makePhotos(join(cli.folder, 'source'), 5)).map((photo) => photo.path);
      const links = join(cli.folder, 'links');
      await mkdir(links);
      paths = Array.from({ length: MANY }, (_, index) => join(links, `IMG_${index}.jpg`));
      for (let start = 0; start < MANY; start += 500)
        await Promise.all(
          paths
            .slice(start, start + 500)
            .map((path, offset) => copyFile(photos[(start + offset) % photos.length]!, path)),
        );
    }, 180_000);
    afterAll(() => cli?.close());

    it('inspect reads every path of a list file, one per line, blank lines ignored', async () => {
      const list = join(cli.folder, 'list.txt');
      await writeFile(list, `${paths.join('\n')}\n\n`);
      const run = await runCli(['inspect', '--files-from', list, '--json']);
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((line) => inspectLine.parse(JSON.parse(line)));
      expect(lines).toHaveLength(MANY);
      expect(lines.every((line) => line.status === 'photo')).toBe(true);
      expect(new Set(lines.map((line) => line.path))).toEqual(new Set(paths));
    }, 180_000);

    it('upload takes the list on standard input (NUL-separated) and queues each photo once', async () => {
      const project = cli.service.info.projects[0]!.id;
      const run = await startCli(
        [
          'upload',
          '--files-from',
          '-',
          '--project',
          project,
          '--queue-only',
          '--data-dir',
          cli.dataDir,
        ],
        cli.env,
        undefined,
        { stdin: `${paths.join('\0')}\0` },
      ).done;
      expect(run.code, run.stderr.slice(0, 2000)).toBe(0);
      expect(run.stdout).toContain(`Queued ${photos.length} photos.`);
      // Every other name is the same photo as one already taken, said per path.
      expect(run.stderr.match(/^skipped: .*: the same photo as /gm)).toHaveLength(
        MANY - photos.length,
      );
    }, 240_000);

    it('refuses a list it cannot read, naming it, with nothing queued', async () => {
      const missing = join(cli.folder, 'no-such-list.txt');
      const run = await runCli(['inspect', '--files-from', missing]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--files-from: cannot read ${missing}: it does not exist`);
    });
  },
);
