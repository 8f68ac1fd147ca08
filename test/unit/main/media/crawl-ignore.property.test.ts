import fc from 'fast-check';
import ignore from 'ignore';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crawl } from '../../../../main/media/crawl';
import { watchedFileIgnored } from '../../../../main/media/ignore-rules';
import { IGNORE_FILE_NAME, ignorePatternProblem } from '../../../../shared/domain/ignore-patterns';

/**
 * The crawl leaves whole folders out without reading them (pruning); matching each file on its
 * own (`watchedFileIgnored`, which reads every `.photouploaderignore` on the file's way, and with
 * only given patterns the `ignore` library's own gitignore filter) must keep the very same files.
 */

const FOLDER_NAMES = ['x', 'keep', 'a'] as const;
const FILE_NAMES = ['keep.jpg', 'f.jpg', 'x_small.jpg'] as const;
const PIECES = ['x', 'keep', 'a', '*', '**', 'k*', 'keep.jpg', '*.jpg', '*_small.jpg'] as const;

/** A gitignore-style pattern built of the names the trees use, with `!`, `/`, `*` and `**`. */
const pattern = fc
  .record({
    negated: fc.boolean(),
    anchored: fc.boolean(),
    pieces: fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 3 }),
    end: fc.constantFrom('', '/', '/**'),
  })
  .map(
    ({ negated, anchored, pieces, end }) =>
      `${negated ? '!' : ''}${anchored ? '/' : ''}${pieces.join('/')}${end}`,
  )
  .filter((text) => ignorePatternProblem(text) === undefined);

const patterns = fc.array(pattern, { maxLength: 4 });

/** A folder path under the dropped folder, as its names (empty: the dropped folder itself). */
const folder = fc.array(fc.constantFrom(...FOLDER_NAMES), { maxLength: 3 });

const tree = fc.record({
  files: fc.uniqueArray(fc.record({ folder, name: fc.constantFrom(...FILE_NAMES) }), {
    minLength: 1,
    maxLength: 12,
    selector: (file) => [...file.folder, file.name].join('/'),
  }),
  given: patterns,
  ignoreFiles: fc.uniqueArray(fc.record({ folder, patterns }), {
    maxLength: 3,
    selector: (file) => file.folder.join('/'),
  }),
});

type Tree = typeof tree extends fc.Arbitrary<infer T> ? T : never;

const under = (root: string, path: string): string => relative(root, path).split(sep).join('/');

async function made(root: string, spec: Tree): Promise<string[]> {
  const files: string[] = [];
  for (const file of spec.files) {
    const path = join(root, ...file.folder, file.name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, 'photo');
    files.push(path);
  }
  for (const file of spec.ignoreFiles) {
    await mkdir(join(root, ...file.folder), { recursive: true });
    await writeFile(join(root, ...file.folder, IGNORE_FILE_NAME), `${file.patterns.join('\n')}\n`);
  }
  return files;
}

async function crawlKeeps(root: string, given: readonly string[]): Promise<string[]> {
  const kept: string[] = [];
  for await (const entry of crawl([root], undefined, { ignore: given }))
    if (entry.kind === 'file') kept.push(under(root, entry.path));
  return kept.sort();
}

async function eachFileKeeps(root: string, files: readonly string[], given: readonly string[]) {
  const kept: string[] = [];
  for (const file of files)
    if ((await watchedFileIgnored(root, file, given)) === undefined) kept.push(under(root, file));
  return kept.sort();
}

describe('crawl pruning against matching each file on its own', () => {
  it('keeps the same files as the library’s gitignore filter, with only given patterns', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (spec) => {
        const root = await mkdtemp(join(tmpdir(), 'crawl-prune-'));
        try {
          const files = await made(root, { ...spec, ignoreFiles: [] });
          const matcher = ignore().add(spec.given);
          const expected = files
            .map((file) => under(root, file))
            .filter((path) => !matcher.ignores(path))
            .sort();
          expect(await crawlKeeps(root, spec.given)).toEqual(expected);
        } finally {
          await rm(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the same files as each file’s own check, with .photouploaderignore files', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (spec) => {
        const root = await mkdtemp(join(tmpdir(), 'crawl-prune-'));
        try {
          const files = await made(root, spec);
          expect(await crawlKeeps(root, spec.given)).toEqual(
            await eachFileKeeps(root, files, spec.given),
          );
        } finally {
          await rm(root, { recursive: true, force: true });
        }
      }),
      {
        numRuns: 150,
        examples: [
          // A deeper file takes back what a shallower one left out with `…/**`.
          [
            {
              files: [{ folder: ['x'], name: 'keep.jpg' }],
              given: [],
              ignoreFiles: [
                { folder: [], patterns: ['**/x/**'] },
                { folder: ['x'], patterns: ['!keep.jpg'] },
              ],
            },
          ],
        ],
      },
    );
  });
});
