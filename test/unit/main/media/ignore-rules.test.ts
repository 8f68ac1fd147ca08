import fc from 'fast-check';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ignorePatternProblem,
  ignorePatternsSchema,
} from '../../../../shared/domain/ignore-patterns';
import {
  folderLeftOutBy,
  ignoredBy,
  ignoreLayer,
  MAX_IGNORE_FILE_BYTES,
  readIgnoreFile,
  watchedFileIgnored,
  withFileLayer,
} from '../../../../main/media/ignore-rules';
import { englishFor } from '../../../../shared/i18n/words';
import { needs } from '../../../support/platform-needs';

const ROOT = join(tmpdir(), 'site');
const under = (...parts: string[]) => join(ROOT, ...parts);
const given = (...patterns: string[]) => [ignoreLayer(ROOT, patterns, 'flag')];

/** A folder or file name of letters, digits, `-` and `_` (what camera cards and offices use). */
const nameArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/u);

describe('ignorePatternProblem', () => {
  it('accepts the patterns of the issue and common gitignore forms', () => {
    for (const pattern of [
      '**/thumbs/**',
      '*_small.jpg',
      'thumbs/',
      '/raw',
      '!keep.jpg',
      '*.[Jj][Pp][Gg]',
      '\\#hash.jpg',
      'level 2/*.tmp',
    ])
      expect(ignorePatternProblem(pattern), pattern).toBeUndefined();
  });

  it('names what is wrong with a pattern that would silently match nothing', () => {
    expect(ignorePatternProblem('')).toBe('empty');
    expect(ignorePatternProblem('   ')).toBe('empty');
    expect(ignorePatternProblem('# notes')).toBe('comment');
    expect(ignorePatternProblem('!')).toBe('negationOnly');
    expect(ignorePatternProblem('a\nb')).toBe('control');
    expect(ignorePatternProblem('thumbs\\small')).toBe('backslash');
    expect(ignorePatternProblem('thumbs\\')).toBe('trailingBackslash');
    expect(ignorePatternProblem('../other/*.jpg')).toBe('dotSegment');
    expect(ignorePatternProblem('./thumbs')).toBe('dotSegment');
    expect(ignorePatternProblem('IMG_[0-9.jpg')).toBe('bracket');
    expect(ignorePatternProblem('IMG_[9-0].jpg')).toBe('bracket');
    expect(ignorePatternProblem('x'.repeat(1001))).toBe('tooLong');
  });

  it('is what the schema of a watched folder rule checks', () => {
    expect(ignorePatternsSchema.safeParse(['**/thumbs/**']).success).toBe(true);
    expect(ignorePatternsSchema.safeParse(['# no']).success).toBe(false);
  });
});

describe('ignoredBy (gitignore semantics, paths under the dropped folder)', () => {
  it('matches `*_small.jpg` at any depth, whatever the case', () => {
    fc.assert(
      fc.property(fc.array(nameArb, { maxLength: 4 }), nameArb, (folders, name) => {
        const stack = given('*_small.jpg');
        expect(ignoredBy(stack, under(...folders, `${name}_small.jpg`), false)?.pattern).toBe(
          '*_small.jpg',
        );
        expect(ignoredBy(stack, under(...folders, `${name}_SMALL.JPG`), false)).toBeDefined();
        expect(ignoredBy(stack, under(...folders, `${name}.jpg`), false)).toBeUndefined();
      }),
    );
  });

  it('matches `**/thumbs/**` inside any thumbs folder, and nothing outside one', () => {
    fc.assert(
      fc.property(
        fc.array(nameArb, { maxLength: 3 }),
        fc.array(nameArb, { maxLength: 3 }),
        nameArb,
        (before, after, name) => {
          fc.pre(!before.includes('thumbs') && !after.includes('thumbs'));
          const stack = given('**/thumbs/**');
          const inside = under(...before, 'thumbs', ...after, `${name}.jpg`);
          expect(ignoredBy(stack, inside, false)).toEqual({
            pattern: '**/thumbs/**',
            source: 'flag',
            file: undefined,
          });
          expect(ignoredBy(stack, under(...before, ...after, `${name}.jpg`), false)).toBe(
            undefined,
          );
          expect(folderLeftOutBy(stack, under(...before, 'thumbs'))?.pattern).toBe('**/thumbs/**');
        },
      ),
    );
  });

  it('matches a path only under the layer’s folder, never the folder itself', () => {
    const stack = given('*');
    expect(ignoredBy(stack, ROOT, true)).toBeUndefined();
    expect(ignoredBy(stack, join(tmpdir(), 'elsewhere', 'a.jpg'), false)).toBeUndefined();
    expect(ignoredBy(stack, under('a.jpg'), false)).toBeDefined();
    // A name that merely starts with two dots is still under the folder (the review found such
    // names were never matched).
    expect(ignoredBy(stack, under('..IMG_0001.jpg'), false)).toBeDefined();
    expect(ignoredBy(stack, under('..', 'a.jpg'), false)).toBeUndefined();
  });

  it('leaves a folder out whole only when nothing in it can be taken back', () => {
    expect(folderLeftOutBy(given('thumbs/'), under('a', 'thumbs'))?.pattern).toBe('thumbs/');
    // `thumbs/*.jpg` leaves some files out, not the folder.
    expect(folderLeftOutBy(given('thumbs/*.jpg'), under('thumbs'))).toBeUndefined();
    // A pattern that takes a file back: the folder is gone into, file by file.
    const back = given('**/thumbs/**', '!**/thumbs/keep.jpg');
    expect(folderLeftOutBy(back, under('thumbs'))).toBeUndefined();
    expect(ignoredBy(back, under('thumbs', 'a.jpg'), false)).toBeDefined();
    expect(ignoredBy(back, under('thumbs', 'keep.jpg'), false)).toBeUndefined();
  });

  it('lets the command line decide before a folder’s file, and a deeper file before a higher one', () => {
    const top = ignoreLayer(ROOT, ['*.png'], 'file', under('.photouploaderignore'));
    const deep = ignoreLayer(under('a'), ['!keep.png'], 'file', under('a', '.photouploaderignore'));
    const files = withFileLayer(withFileLayer([], top), deep);
    expect(ignoredBy(files, under('x.png'), false)?.file).toBe(under('.photouploaderignore'));
    expect(ignoredBy(files, under('a', 'keep.png'), false)).toBeUndefined();
    expect(ignoredBy(files, under('a', 'other.png'), false)?.source).toBe('file');
    const withFlag = withFileLayer(withFileLayer(given('keep.png'), top), deep);
    expect(ignoredBy(withFlag, under('a', 'keep.png'), false)?.source).toBe('flag');
  });

  it('says the pattern and where it came from', async () => {
    const { ignoredReason } = await import('../../../../main/media/ignore-rules');
    expect(englishFor(ignoredReason({ pattern: '**/thumbs/**', source: 'flag' }))).toBe(
      'Left out by the ignore pattern “**/thumbs/**” given with --ignore',
    );
    expect(
      englishFor(
        ignoredReason({ pattern: '*.tmp', source: 'file', file: '/s/.photouploaderignore' }),
      ),
    ).toBe('Left out by the ignore pattern “*.tmp” in /s/.photouploaderignore');
  });
});

describe('readIgnoreFile', () => {
  const made: string[] = [];
  afterEach(async () => {
    for (const path of made.splice(0)) await rm(path, { recursive: true, force: true });
  });
  const folder = async () => {
    const path = await mkdtemp(join(tmpdir(), 'ignore-file-'));
    made.push(path);
    return path;
  };

  it('reads patterns, skipping blank lines and comments', async () => {
    const path = await folder();
    await writeFile(join(path, '.photouploaderignore'), '# office rules\r\n\r\n*.tmp\nthumbs/\n');
    const read = await readIgnoreFile(path);
    expect(read.kind).toBe('layer');
    const stack = read.kind === 'layer' ? [read.layer] : [];
    expect(ignoredBy(stack, join(path, 'x', 'a.tmp'), false)?.pattern).toBe('*.tmp');
    expect(folderLeftOutBy(stack, join(path, 'thumbs'))?.pattern).toBe('thumbs/');
  });

  it('has nothing to say when there is no file', async () => {
    expect(await readIgnoreFile(await folder())).toEqual({ kind: 'none' });
  });

  it('refuses a file too large, a folder in its place, or a bad line, saying why', async () => {
    const large = await folder();
    await writeFile(join(large, '.photouploaderignore'), 'x\n'.repeat(MAX_IGNORE_FILE_BYTES));
    const said = async (path: string) => {
      const read = await readIgnoreFile(path);
      return read.kind === 'unusable' ? englishFor(read.reason) : read.kind;
    };
    expect(await said(large)).toMatch(/larger than 64 KB/u);
    const asFolder = await folder();
    await mkdir(join(asFolder, '.photouploaderignore'));
    expect(await said(asFolder)).toMatch(/not a regular file/u);
    const bad = await folder();
    await writeFile(join(bad, '.photouploaderignore'), 'ok.jpg\nthumbs\\small\n');
    expect(await said(bad)).toMatch(/the line “thumbs\\small” is not a valid pattern/u);
  });

  const needsSymlinks = needs('symlinks');
  it.skipIf(needsSymlinks.skip)(needsSymlinks.title('never follows a link'), async () => {
    const path = await folder();
    await writeFile(join(path, 'elsewhere'), '*.jpg\n');
    await symlink(join(path, 'elsewhere'), join(path, '.photouploaderignore'));
    const read = await readIgnoreFile(path);
    expect(read.kind === 'unusable' && englishFor(read.reason)).toMatch(/it is a link/u);
  });

  it('applies a watched folder’s rule and its files to a file found under it', async () => {
    const root = await folder();
    await mkdir(join(root, 'level 2', 'thumbs'), { recursive: true });
    await writeFile(join(root, 'level 2', '.photouploaderignore'), '*.tmp\n');
    const reason = async (path: string, patterns: string[] = []) =>
      (await watchedFileIgnored(root, path, patterns))?.reason;
    expect(await reason(join(root, 'level 2', 'a.jpg'))).toBeUndefined();
    expect(englishFor((await reason(join(root, 'level 2', 'a.tmp')))!)).toMatch(/“\*\.tmp” in/u);
    expect(
      englishFor((await reason(join(root, 'level 2', 'thumbs', 'a.jpg'), ['**/thumbs/**']))!),
    ).toBe("Left out by the ignore pattern “**/thumbs/**” of the watched folder's rule");
  });
});
