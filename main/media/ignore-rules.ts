import ignore from 'ignore';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import {
  badIgnorePatternWords,
  IGNORE_FILE_NAME,
  ignorePatternProblem,
  type IgnorePatternProblem,
} from '../../shared/domain/ignore-patterns';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { readRegularFile } from './open-regular-file';

/**
 * Ignore patterns (issue 26 §2), matched with the `ignore` library (gitignore's own rules: `*`
 * stops at `/`, a pattern without a `/` matches at any depth, `dir/` only folders, `!` takes a
 * file back, a file in a left-out folder cannot be taken back). Case does not matter: cameras
 * write `.JPG` and `.jpg` alike.
 *
 * Patterns come in layers: the command line's `--ignore` or a watched folder's rule, based at
 * the dropped (or watched) folder, then each `.photouploaderignore` on the way, the deepest
 * first, each based at its own folder, as git reads nested `.gitignore` files. The first layer
 * that decides (a pattern or a `!pattern` matches) wins, so the command line overrides the files.
 *
 * A file is kept when no folder on its way is left out and it is not left out itself, each
 * folder and the file decided by the layers in effect where it lies (a folder's own
 * `.photouploaderignore` applies inside it, not to it). This is git's rule that a file cannot be
 * taken back from a left-out folder, wherever the `!` is written: `thumbs/` then
 * `!thumbs/keep.jpg` keeps nothing of `thumbs`; `**\/thumbs/**` then `!keep.jpg` leaves
 * `thumbs` itself in and so keeps `thumbs/keep.jpg` (but not `thumbs/a/keep.jpg`, as `thumbs/a/`
 * is left out). The crawl's pruning of whole folders ({@link folderLeftOutBy}) keeps exactly the
 * files this per-file rule keeps ({@link watchedFileIgnored} applies it to one file); a property
 * test holds the two together.
 */

/** The `ignore` library's matcher of one set of patterns. */
type Ignore = ignore.Ignore;

/** The most bytes a `.photouploaderignore` may have: a list of patterns, never a big file. */
export const MAX_IGNORE_FILE_BYTES = 64 * 1024;

/** Where the patterns of a layer came from: `--ignore`, a watched folder's rule, or a file. */
export type IgnoreSource = 'flag' | 'rule' | 'file';

/** One layer of patterns, based at a folder. */
export type IgnoreLayer = {
  readonly base: string;
  readonly matcher: Ignore;
  readonly source: IgnoreSource;
  /** The `.photouploaderignore` the patterns were read from (source `file`). */
  readonly file?: string | undefined;
  /** Whether a pattern takes paths back (`!…`): then a folder is never left out on a guess. */
  readonly takesBack: boolean;
};

/** The layers that apply in one folder, the first to decide first. */
export type IgnoreStack = readonly IgnoreLayer[];

/** The pattern that left a path out, and where it came from. */
export type IgnoreMatch = {
  readonly pattern: string;
  readonly source: IgnoreSource;
  readonly file?: string | undefined;
};

/** A layer of accepted `patterns` based at `base` (every pattern already checked). */
export function ignoreLayer(
  base: string,
  patterns: readonly string[],
  source: IgnoreSource,
  file?: string,
): IgnoreLayer {
  return {
    base,
    matcher: ignore().add(patterns.map((pattern) => ({ pattern }))),
    source,
    file,
    takesBack: patterns.some((pattern) => pattern.trim().startsWith('!')),
  };
}

/** `path` under `base`, with `/` between folders, or undefined when it is not under it. */
function pathUnder(base: string, path: string): string | undefined {
  const under = relative(base, path);
  // `..IMG.jpg` is a name under `base`; only `..` itself or `../…` leaves it (or another drive).
  if (under === '' || under === '..' || under.startsWith(`..${sep}`) || isAbsolute(under))
    return undefined;
  return sep === '/' ? under : under.split(sep).join('/');
}

/** What the layers decide about `tested` (under each base): the match, or none. */
function decide(
  stack: IgnoreStack,
  path: string,
  test: (layer: IgnoreLayer, under: string) => ReturnType<Ignore['test']> | undefined,
): IgnoreMatch | undefined {
  for (const layer of stack) {
    const under = pathUnder(layer.base, path);
    if (under === undefined) continue;
    const result = test(layer, under);
    if (result === undefined) continue;
    if (result.ignored && result.rule !== undefined)
      return { pattern: result.rule.pattern, source: layer.source, file: layer.file };
    if (result.unignored) return undefined;
  }
  return undefined;
}

/** The pattern that leaves the file (or folder, with `folder`) at `path` out, if any. */
export function ignoredBy(
  stack: IgnoreStack,
  path: string,
  folder: boolean,
): IgnoreMatch | undefined {
  return decide(stack, path, (layer, under) => layer.matcher.test(folder ? `${under}/` : under));
}

/**
 * A name only a wildcard matches (no pattern holds a control character): a folder whose entry of
 * this name a `…/**` pattern leaves out has every entry left out by that pattern.
 */
const ANY_ENTRY = '\u0001';

/**
 * The pattern that leaves the folder at `path` out whole, so the crawl does not go into it: the
 * folder itself matches (`thumbs/`), or a given pattern ending in `/**` matches everything in it
 * (`**\/thumbs/**`) and nothing could take an entry back. Only the given patterns (`--ignore`,
 * a watched folder's rule) are trusted for the second: they decide before any file, and with no
 * `!…` among them nothing below is taken back; a `.photouploaderignore` inside the folder, not
 * read yet, decides before a shallower one and may take a file back (`!keep.jpg`). The crawl
 * must keep exactly the files {@link ignoredBy} keeps folder by folder on their way.
 */
export function folderLeftOutBy(stack: IgnoreStack, path: string): IgnoreMatch | undefined {
  const itself = ignoredBy(stack, path, true);
  if (itself !== undefined) return itself;
  const given = stack[0];
  if (given === undefined || given.source === 'file' || given.takesBack) return undefined;
  const inside = decide([given], join(path, ANY_ENTRY), (layer, under) =>
    layer.matcher.test(under),
  );
  return inside?.pattern.trimEnd().endsWith('/**') === true ? inside : undefined;
}

/**
 * Whether a folder under `root` is left out whole by `patterns` (a watched folder's rule), by
 * the crawl's own decision (`folderLeftOutBy`): a watcher then does not go into it. A `!…`
 * pattern means no folder is left out on a guess; its files are then matched one by one.
 * Patterns the uploader does not accept leave nothing out here (the rule is refused elsewhere).
 */
export function folderLeftOutTest(
  root: string,
  patterns: readonly string[],
): (folder: string) => boolean {
  if (patterns.length === 0 || badIgnorePatternWords(patterns) !== undefined) return () => false;
  const stack = [ignoreLayer(root, patterns, 'rule')];
  return (folder) => folder !== root && folderLeftOutBy(stack, folder) !== undefined;
}

/** Why a skipped path was left out: the pattern and its source, in the catalogs' words. */
export function ignoredReason(match: IgnoreMatch): Words {
  return words('reason.intake.ignored', {
    pattern: match.pattern,
    source: match.source,
    file: match.file ?? '',
  });
}

/** Why a `.photouploaderignore` itself is skipped: it is the folder's rules, not a photo. */
export const IGNORE_FILE_REASON: Words = words('reason.intake.ignoreFile');

/** What a folder's `.photouploaderignore` gives: nothing, a layer, or why it cannot be used. */
export type IgnoreFileResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'layer'; readonly layer: IgnoreLayer }
  | { readonly kind: 'unusable'; readonly reason: Words };

const unusable = (problem: string, pattern = ''): IgnoreFileResult => ({
  kind: 'unusable',
  reason: words('reason.intake.ignoreFileUnusable', { problem, pattern }),
});

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

/**
 * Reads the `.photouploaderignore` of `folder`, if it has one. The folder may be one other users
 * write to, so the file is opened as photos are (`readRegularFile`): a link is not followed, a
 * FIFO never waited on, nothing past {@link MAX_IGNORE_FILE_BYTES} read. Lines are gitignore's:
 * blank lines and `#` comments are skipped; any other line must be an accepted pattern. A file
 * that cannot be used is said, and the caller leaves the folder out rather than take in what its
 * owner meant to leave out.
 */
export async function readIgnoreFile(folder: string): Promise<IgnoreFileResult> {
  const file = join(folder, IGNORE_FILE_NAME);
  let text: string;
  try {
    text = (await readRegularFile(file, MAX_IGNORE_FILE_BYTES)).toString('utf8');
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'none' };
    if (code === 'ELOOP') return unusable('link');
    if (code === 'EFTYPE' || code === 'EISDIR') return unusable('notRegular');
    if (code === 'EFBIG') return unusable('tooLarge');
    return unusable('unreadable');
  }
  const patterns: string[] = [];
  for (const line of text.replace(/^\uFEFF/u, '').split(/\r?\n/u)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const problem: IgnorePatternProblem | undefined = ignorePatternProblem(line);
    if (problem !== undefined) return unusable('badPattern', line.slice(0, 200));
    patterns.push(line);
  }
  return { kind: 'layer', layer: ignoreLayer(folder, patterns, 'file', file) };
}

/** `stack` with a folder's own file of patterns put first (it is the deepest so far). */
export function withFileLayer(stack: IgnoreStack, layer: IgnoreLayer | undefined): IgnoreStack {
  if (layer === undefined) return stack;
  const [given, ...files] = stack;
  return given !== undefined && given.source !== 'file'
    ? [given, layer, ...files]
    : [layer, ...stack];
}

/**
 * Whether a file under a watched folder `root` is left out: by the rule's `patterns`, or by a
 * `.photouploaderignore` in `root` or a folder on the way, or because one of those folders is
 * left out. Reads the files each time (a watcher looks rarely, and they may change).
 */
export async function watchedFileIgnored(
  root: string,
  path: string,
  patterns: readonly string[],
): Promise<{ readonly reason: Words } | undefined> {
  const folders: string[] = [];
  for (let folder = dirname(path); pathUnder(root, folder) !== undefined; folder = dirname(folder))
    folders.unshift(folder);
  let stack: IgnoreStack = patterns.length > 0 ? [ignoreLayer(root, patterns, 'rule')] : [];
  for (const folder of [root, ...folders]) {
    if (folder !== root) {
      const out = ignoredBy(stack, folder, true);
      if (out !== undefined) return { reason: ignoredReason(out) };
    }
    const read = await readIgnoreFile(folder);
    if (read.kind === 'unusable') return { reason: read.reason };
    if (read.kind === 'layer') stack = withFileLayer(stack, read.layer);
  }
  const match = ignoredBy(stack, path, false);
  return match === undefined ? undefined : { reason: ignoredReason(match) };
}
