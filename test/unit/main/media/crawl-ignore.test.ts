import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CrawlEntry, crawl } from '../../../../main/media/crawl';
import { englishFor } from '../../../../shared/i18n/words';

/** What the crawl said of each path, in English: `file`, or the kind and reason. */
async function crawled(
  roots: readonly string[],
  options: Parameters<typeof crawl>[2] = {},
): Promise<Map<string, string>> {
  const said = new Map<string, string>();
  for await (const entry of crawl(roots, undefined, options))
    said.set(entry.path, describeEntry(entry));
  return said;
}

function describeEntry(entry: CrawlEntry): string {
  return entry.kind === 'file' ? 'file' : `${entry.kind}: ${englishFor(entry.reason)}`;
}

describe('crawl with ignore patterns', () => {
  let site: string;
  beforeEach(async () => {
    site = await mkdtemp(join(tmpdir(), 'crawl-ignore-'));
  });
  afterEach(async () => {
    await rm(site, { recursive: true, force: true });
  });

  it('leaves an ignored folder out whole, saying so once, without going into it', async () => {
    const deep = join(site, 'level 1', 'thumbs', 'a', 'b');
    await mkdir(deep, { recursive: true });
    for (let index = 0; index < 50; index += 1)
      await writeFile(join(deep, `t${index}.jpg`), 'thumb');
    await writeFile(join(site, 'level 1', 'photo.jpg'), 'photo');
    await writeFile(join(site, 'level 1', 'photo_small.jpg'), 'small');

    const said = await crawled([site], { ignore: ['**/thumbs/**', '*_small.jpg'] });

    expect([...said.entries()].sort()).toEqual([
      [join(site, 'level 1', 'photo.jpg'), 'file'],
      [
        join(site, 'level 1', 'photo_small.jpg'),
        'skipped: Left out by the ignore pattern “*_small.jpg” given with --ignore',
      ],
      [
        join(site, 'level 1', 'thumbs'),
        'skipped: Left out by the ignore pattern “**/thumbs/**” given with --ignore',
      ],
    ]);
  });

  it('keeps today’s junk rules, and tests a dropped file by its own name', async () => {
    await writeFile(join(site, 'Thumbs.db'), 'junk');
    await writeFile(join(site, 'a_small.jpg'), 'small');
    const said = await crawled([site, join(site, 'a_small.jpg')], {
      ignore: ['*_small.jpg'],
      ignoreSource: 'rule',
    });
    expect(said.get(join(site, 'Thumbs.db'))).toBe('skipped: Windows thumbnail cache');
    expect(said.get(join(site, 'a_small.jpg'))).toBe(
      "skipped: Left out by the ignore pattern “*_small.jpg” of the watched folder's rule",
    );
  });

  it('reads each folder’s .photouploaderignore, nested ones relative to their folder', async () => {
    await mkdir(join(site, 'level 2', 'raw'), { recursive: true });
    await writeFile(join(site, '.photouploaderignore'), '*.tmp\n');
    await writeFile(join(site, 'level 2', '.photouploaderignore'), '/raw/\n!keep.tmp\n');
    await writeFile(join(site, 'a.tmp'), 'x');
    await writeFile(join(site, 'level 2', 'b.tmp'), 'x');
    await writeFile(join(site, 'level 2', 'keep.tmp'), 'x');
    await writeFile(join(site, 'level 2', 'raw', 'c.jpg'), 'x');
    await writeFile(join(site, 'level 2', 'd.jpg'), 'x');

    const said = await crawled([site]);

    const top = join(site, '.photouploaderignore');
    const nested = join(site, 'level 2', '.photouploaderignore');
    expect(said.get(top)).toBe(
      "skipped: The folder's ignore patterns (.photouploaderignore), not a photo",
    );
    expect(said.get(nested)).toBe(said.get(top));
    expect(said.get(join(site, 'a.tmp'))).toBe(
      `skipped: Left out by the ignore pattern “*.tmp” in ${top}`,
    );
    expect(said.get(join(site, 'level 2', 'b.tmp'))).toBe(said.get(join(site, 'a.tmp')));
    expect(said.get(join(site, 'level 2', 'keep.tmp'))).toBe('file');
    expect(said.get(join(site, 'level 2', 'raw'))).toBe(
      `skipped: Left out by the ignore pattern “/raw/” in ${nested}`,
    );
    expect(said.has(join(site, 'level 2', 'raw', 'c.jpg'))).toBe(false);
    expect(said.get(join(site, 'level 2', 'd.jpg'))).toBe('file');
  });

  it('leaves out a folder whose .photouploaderignore cannot be used, saying why', async () => {
    await mkdir(join(site, 'shared'));
    await writeFile(join(site, 'shared', '.photouploaderignore'), '# fine\n\\\n');
    await writeFile(join(site, 'shared', 'a.jpg'), 'x');
    await writeFile(join(site, 'b.jpg'), 'x');
    const said = await crawled([site]);
    expect(said.get(join(site, 'shared'))).toBe(
      "error: The folder's .photouploaderignore could not be used, so nothing in this folder was taken in: the line “\\” is not a valid pattern",
    );
    expect(said.has(join(site, 'shared', 'a.jpg'))).toBe(false);
    expect(said.get(join(site, 'b.jpg'))).toBe('file');
  });
});
