import { mkdir, mkdtemp, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type CrawlEntry, crawl, OUTSIDE_LINK_REASON } from '../../../../main/media/crawl';
import { needs } from '../../../support/platform-needs';

const needsSymlinks = needs('symlinks');

const NAMES = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'];

describe.skipIf(needsSymlinks.skip)(
  needsSymlinks.title('crawl: a folder swapped for a link while it is listed'),
  () => {
    const made: string[] = [];
    afterEach(async () => {
      for (const path of made.splice(0)) await rm(path, { recursive: true, force: true });
    });

    it('skips the files its listing now leads to elsewhere, and yields the rest', async () => {
      const base = await mkdtemp(join(tmpdir(), 'crawl-swap-'));
      made.push(base);
      const site = join(base, 'site');
      const sub = join(site, 'sub');
      const privateFolder = join(base, 'private');
      await mkdir(sub, { recursive: true });
      await mkdir(privateFolder);
      await writeFile(join(site, 'top.jpg'), 'top');
      for (const name of NAMES) {
        await writeFile(join(sub, name), `site ${name}`);
        // The same names elsewhere: the listing's names lead there once `sub` is a link.
        await writeFile(join(privateFolder, name), `private ${name}`);
      }
      const privateInodes = new Set(
        await Promise.all(NAMES.map(async (name) => (await stat(join(privateFolder, name))).ino)),
      );

      const entries: CrawlEntry[] = [];
      let swapped = false;
      for await (const entry of crawl([site])) {
        entries.push(entry);
        // The seam: once the first file of `sub` is found, `sub` is swapped for a link.
        if (!swapped && entry.kind === 'file' && entry.path.startsWith(`${sub}/`)) {
          swapped = true;
          await rename(sub, join(base, 'sub-moved'));
          await symlink(privateFolder, sub);
        }
      }

      expect(swapped).toBe(true);
      const files = entries.filter((entry) => entry.kind === 'file');
      // No file of the private folder is handed on, under any identity.
      expect(files.filter((file) => file.ino !== undefined && privateInodes.has(file.ino))).toEqual(
        [],
      );
      // The rest of the batch goes through: the top file and the first of `sub`.
      expect(files.map((file) => file.path).sort()).toEqual(
        [join(site, 'top.jpg'), files.find((file) => file.path.startsWith(sub))?.path].sort(),
      );
      // The others of `sub` are skipped, each with the reason.
      const others = entries.filter(
        (entry) => entry.kind !== 'file' && entry.path.startsWith(`${sub}/`),
      );
      expect(others).toHaveLength(NAMES.length - 1);
      for (const entry of others) expect(entry).toMatchObject({ reason: OUTSIDE_LINK_REASON });
    });
  },
);
