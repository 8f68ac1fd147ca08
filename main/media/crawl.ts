import type { Dir, Stats } from 'node:fs';
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { opendir, realpath } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { IGNORE_FILE_NAME } from '../../shared/domain/ignore-patterns';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { fsErrorReason } from './fs-error-reason';
import {
  folderLeftOutBy,
  IGNORE_FILE_REASON,
  ignoredBy,
  ignoredReason,
  ignoreLayer,
  type IgnoreSource,
  type IgnoreStack,
  readIgnoreFile,
  withFileLayer,
} from './ignore-rules';
import { junkReason } from './junk-files';

// Each file's `lstat`, `realpath` and `stat` are made by the crawler thread itself (crawl-worker.ts
// runs this): through the process's four-thread file-system pool, those three round trips per
// file cost the crawler 150 ms and the pool 100 ms of CPU for 2,000 photos, and crawl + metadata
// took 0.65–0.77 s against 0.57–0.60 s this way (issue 26's profile). A call that hangs (a dead
// network drive) then blocks the crawler's thread rather than one of the pool's threads that
// main shares; the crawl waited for it either way. `realpathSync.native` is `realpath(3)`, as
// `fs.promises.realpath` is.
/* eslint-disable @typescript-eslint/require-await -- a throw becomes a rejection, as before */
const lstat = async (path: string) => lstatSync(path);
const stat = async (path: string) => statSync(path);
const realpathHere = async (path: string) => realpathSync.native(path);
/* eslint-enable @typescript-eslint/require-await */

/** Why a FIFO, socket or device is skipped: reading one could wait for ever. */
export const NOT_REGULAR_REASON: Words = words('reason.intake.notRegularFile');

/** A file found by the crawl, still to be inspected. */
export type CrawledFile = {
  readonly kind: 'file';
  readonly path: string;
  readonly size: number;
  readonly modifiedMs: number;
  /**
   * The device and inode the crawl found (links followed): inspection refuses a file opened
   * there that is another one (swapped since, for a FIFO or another file).
   */
  readonly dev?: number | undefined;
  readonly ino?: number | undefined;
  /**
   * Its real path when the crawl found it (inside what was dropped): inspection refuses the path
   * when it leads elsewhere by then (a folder on its way swapped for a link since).
   */
  readonly real?: string | undefined;
};

/** A file as a checker saw it (device and inode): the crawl and inspection take no other. */
export type KnownIdentity = { readonly dev: number; readonly ino: number };

/** Why a crawled file that is now something else is not read (it was swapped since the crawl). */
export const REPLACED_AFTER_CRAWL_REASON: Words = words('reason.intake.replacedAfterFound');

/** Something the crawl will not inspect, with the reason. */
export type CrawlSkip = {
  readonly kind: 'skipped' | 'error';
  readonly path: string;
  readonly reason: Words;
};

export type CrawlEntry = CrawledFile | CrawlSkip;

/** Why a link that leads away from what the user dropped is not followed. */
export const OUTSIDE_LINK_REASON: Words = words('reason.intake.outsideLink');

/** Whether `target` (a real path) is one of `roots` (real paths) or lies under one. */
export function isInsideRoots(target: string, roots: readonly string[]): boolean {
  return roots.some(
    (root) => target === root || target.startsWith(root.endsWith(sep) ? root : `${root}${sep}`),
  );
}

/** The real paths of the dropped paths that exist; the others are reported when visited. */
async function realRoots(roots: readonly string[]): Promise<string[]> {
  const real = await Promise.all(roots.map((root) => realpath(root).catch(() => undefined)));
  return real.filter((path): path is string => path !== undefined);
}

/**
 * Walks dropped paths (files and folders, recursively), yielding files to inspect as it finds
 * them and everything it will not inspect with a reason: junk and hidden names, unreadable
 * folders, special files, links that loop, links that lead outside what was dropped. Symbolic
 * links are followed while their real target lies inside a dropped folder (or is a dropped
 * file), but no folder or file is visited twice (by device and inode), so loops end. A link to
 * elsewhere is skipped: a dropped site folder must not carry the user's home folder with it.
 * Memory stays small: folders are read as streams.
 *
 * Ignore patterns (`options.ignore`, and each folder's `.photouploaderignore`, see
 * `ignore-rules.ts`) leave files out with the pattern that matched; a folder they leave out whole
 * is reported once and not gone into. A folder whose `.photouploaderignore` cannot be used is
 * left out, said: what its owner meant to leave out is never taken in by mistake.
 */
export async function* crawl(
  roots: readonly string[],
  signal?: AbortSignal,
  options: {
    /**
     * Whether a root that is a link is followed (a dropped link is taken as it is). A watcher's
     * roots are files it checked: one that is a link by now was swapped, and is refused.
     */
    readonly followRootLinks?: boolean;
    /** Ignore patterns (each already accepted), matched on paths under each dropped path. */
    readonly ignore?: readonly string[] | undefined;
    /** Where `ignore` came from, for the reasons (default: the command line's `--ignore`). */
    readonly ignoreSource?: Exclude<IgnoreSource, 'file'> | undefined;
  } = {},
): AsyncGenerator<CrawlEntry> {
  const followRootLinks = options.followRootLinks ?? true;
  const insideOf = await realRoots(roots);
  const seenFolders = new Set<string>();
  const seenFiles = new Set<string>();
  const identity = (stats: Stats) => `${stats.dev}:${stats.ino}`;
  const patterns = options.ignore ?? [];
  /** The given patterns, based at a dropped folder (or a dropped file's folder). */
  const givenStack = (base: string): IgnoreStack =>
    patterns.length === 0 ? [] : [ignoreLayer(base, patterns, options.ignoreSource ?? 'flag')];

  /**
   * Visits `path` with the patterns of the folder it is in; `listedAsFolder` is what the listing
   * said (a link is checked as a file here, and as a folder once followed).
   */
  async function* visit(
    path: string,
    isRoot: boolean,
    stack: IgnoreStack,
    listedAsFolder = false,
  ): AsyncGenerator<CrawlEntry> {
    if (signal?.aborted) return;
    const name = basename(path);
    const reason = isRoot
      ? undefined
      : name === IGNORE_FILE_NAME
        ? IGNORE_FILE_REASON
        : junkReason(name);
    if (reason) {
      yield { kind: 'skipped', path, reason };
      return;
    }
    const matched = isRoot ? undefined : ignoredBy(stack, path, listedAsFolder);
    if (matched !== undefined) {
      yield { kind: 'skipped', path, reason: ignoredReason(matched) };
      return;
    }
    let stats: Stats;
    try {
      // A dropped path is taken as it is, link or not; below it, links are checked first.
      stats = isRoot && followRootLinks ? await stat(path) : await lstat(path);
      if (stats.isSymbolicLink() && isRoot) {
        yield { kind: 'error', path, reason: REPLACED_AFTER_CRAWL_REASON };
        return;
      }
      if (stats.isSymbolicLink()) {
        if (!isInsideRoots(await realpathHere(path), insideOf)) {
          yield { kind: 'skipped', path, reason: OUTSIDE_LINK_REASON };
          return;
        }
        stats = await stat(path);
      }
    } catch (error) {
      yield { kind: 'error', path, reason: fsErrorReason(error, 'file') };
      return;
    }
    if (stats.isDirectory()) {
      const leftOut = isRoot ? undefined : folderLeftOutBy(stack, path);
      if (leftOut !== undefined) {
        yield { kind: 'skipped', path, reason: ignoredReason(leftOut) };
        return;
      }
      if (seenFolders.has(identity(stats))) {
        yield {
          kind: 'skipped',
          path,
          reason: words('reason.intake.folderTwice'),
        };
        return;
      }
      seenFolders.add(identity(stats));
      let dir: Dir;
      try {
        dir = await opendir(path, { bufferSize: 256 });
      } catch (error) {
        yield { kind: 'error', path, reason: fsErrorReason(error, 'folder') };
        return;
      }
      // Read once the folder opened: a folder that cannot be read is said as before.
      const rules = await readIgnoreFile(path);
      if (rules.kind === 'unusable') {
        await dir.close().catch(() => undefined);
        yield { kind: 'error', path, reason: rules.reason };
        return;
      }
      const here = withFileLayer(
        isRoot ? givenStack(path) : stack,
        rules.kind === 'layer' ? rules.layer : undefined,
      );
      try {
        for await (const child of dir)
          yield* visit(join(path, child.name), false, here, child.isDirectory());
      } catch (error) {
        yield { kind: 'error', path, reason: fsErrorReason(error, 'folder') };
      }
      return;
    }
    if (!stats.isFile()) {
      yield {
        kind: 'skipped',
        path,
        reason: NOT_REGULAR_REASON,
      };
      return;
    }
    const droppedMatch = isRoot ? ignoredBy(givenStack(dirname(path)), path, false) : undefined;
    if (droppedMatch !== undefined) {
      yield { kind: 'skipped', path, reason: ignoredReason(droppedMatch) };
      return;
    }
    if (seenFiles.has(identity(stats))) {
      yield {
        kind: 'skipped',
        path,
        reason: words('reason.intake.fileTwice'),
      };
      return;
    }
    seenFiles.add(identity(stats));
    // A folder on the way may have been swapped for a link while it was listed: its children's
    // paths then lead elsewhere, and `lstat` above described the file there. Only a file whose
    // real path is inside what was dropped, and is the file described, is handed on.
    let real: string;
    try {
      real = await realpathHere(path);
      if (!isInsideRoots(real, insideOf)) {
        yield { kind: 'skipped', path, reason: OUTSIDE_LINK_REASON };
        return;
      }
      const there = await stat(real);
      if (identity(there) !== identity(stats)) {
        yield { kind: 'error', path, reason: REPLACED_AFTER_CRAWL_REASON };
        return;
      }
    } catch (error) {
      yield { kind: 'error', path, reason: fsErrorReason(error, 'file') };
      return;
    }
    yield {
      kind: 'file',
      path,
      size: stats.size,
      modifiedMs: stats.mtimeMs,
      dev: stats.dev,
      ino: stats.ino,
      real,
    };
  }

  // The same folder dropped twice, or under two names, is caught by its device and inode.
  for (const root of roots) yield* visit(root, true, []);
}
