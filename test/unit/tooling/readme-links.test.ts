import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
const ROOT = join(import.meta.dirname, '../../..');

// A README that points at a file the clone does not have sends the maintainer nowhere: every
// relative link and every path it names in backticks must be in the repository.

/** The documents whose pointers are checked: the READMEs and what they point into (`docs/`). */
const DOCUMENTS = [
  'README.md',
  ...['main', 'preload', 'renderer', 'service', 'shared', 'build', 'test/fixtures']
    .map((folder) => `${folder}/README.md`)
    .filter((path) => existsSync(join(ROOT, path))),
  'test/fixtures/exif-samples/README.md',
  ...(existsSync(join(ROOT, 'docs'))
    ? readdirSync(join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
    : []),
];

/**
 * Paths written as examples of a user's files, not as pointers into the repository: a dropped
 * folder's file, and ignore patterns with the paths they match (README, "Leave things out").
 */
const EXAMPLES = new Set([
  'site/Roof/North/x.jpg',
  '**/thumbs/**',
  '!thumbs/keep.jpg',
  'thumbs/keep.jpg',
  'thumbs/a/keep.jpg',
]);

/** The folders `.gitignore` keeps out (what the build and the tests make: `dist/`, `out/`…). */
function ignoredFolders(): ReadonlySet<string> {
  return new Set(
    readFileSync(join(ROOT, '.gitignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^[\w.-]+\/$/.test(line))
      .map((line) => line.slice(0, -1)),
  );
}

/**
 * The relative paths a Markdown text points at: the targets of its links (without their
 * `#anchor`), and what it names in backticks that reads as a path in the repository: no spaces,
 * no scheme, not absolute, no placeholder (`<id>`, `{z}`), with a slash, and either under one of
 * the repository's top-level entries or ending in a file name (with an extension, or a pattern:
 * `*.png`, `000_…txt`).
 */
export function pointersIn(text: string, topLevel: ReadonlySet<string>): string[] {
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
  const named = [...text.matchAll(/`([^`\n]+)`/g)]
    .map((match) => match[1] ?? '')
    .filter(
      (token) =>
        token.includes('/') &&
        !/[\s:<>{}~$]/.test(token) &&
        !token.startsWith('/') &&
        !token.startsWith('-'),
    )
    .filter((token) => {
      const first = token.split('/')[0] ?? '';
      const last = token.replace(/\/$/, '').split('/').pop() ?? '';
      return topLevel.has(first) || /^[\w*…-][\w.-]*\.[a-z]{1,5}$|[*…]/i.test(last);
    });
  return [...links, ...named];
}

/**
 * Whether `path` exists; a last segment with `*` or `…` (any characters) must match at least one
 * entry of its folder.
 */
function exists(path: string): boolean {
  const last = path.split('/').pop() ?? '';
  if (!/[*…]/.test(last)) return existsSync(path);
  const folder = dirname(path);
  const pattern = new RegExp(
    `^${last
      .split(/[*…]/)
      .map((part) => part.replace(/[.+?^$()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return existsSync(folder) && readdirSync(folder).some((name) => pattern.test(name));
}

/** The pointers of `document` that lead nowhere (tried from its own folder, then the root). */
function missingPointers(document: string): string[] {
  const ignored = ignoredFolders();
  const topLevel = new Set(readdirSync(ROOT).filter((name) => !ignored.has(name)));
  const text = readFileSync(join(ROOT, document), 'utf8');
  return pointersIn(text, topLevel).filter((pointer) => {
    if (EXAMPLES.has(pointer) || ignored.has(pointer.split('/')[0] ?? '')) return false;
    return ![join(ROOT, dirname(document), pointer), join(ROOT, pointer)].some(exists);
  });
}

describe('the READMEs point only at files in the repository', () => {
  it.each(DOCUMENTS)('%s', (document) => {
    expect(missingPointers(document)).toEqual([]);
  });

  it('finds links and paths, and leaves out addresses, patterns and commands', () => {
    const topLevel = new Set(['main', 'docs']);
    expect(
      pointersIn(
        [
          'See [the design](docs/architecture.md#capture-time) and `main/core/app-core.ts`;',
          '`docs/photo-service-api.md`, `seeds/000.txt`, [site](https://example.com/a.md),',
          '`thumb://photo/<md5>.jpg`, `build/icons/*.png`, `/usr/bin/chromium`, `~/Pictures`,',
          '`seeds/000_…txt`, `{z}/{x}/{y}.png`,',
          '`npm run cli -- upload a/b.jpg`, `application/json`, `1.5MiB/s`, `main/`.',
        ].join('\n'),
        topLevel,
      ),
    ).toEqual([
      'docs/architecture.md',
      'main/core/app-core.ts',
      'docs/photo-service-api.md',
      'seeds/000.txt',
      'build/icons/*.png',
      'seeds/000_…txt',
      'main/',
    ]);
  });
});
