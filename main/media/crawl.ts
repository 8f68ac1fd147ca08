import type { Dir, Stats } from 'node:fs';
import { opendir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fsErrorReason } from './fs-error-reason';
import { junkReason } from './junk-files';

/** A file found by the crawl, still to be inspected. */
export type CrawledFile = {
  readonly kind: 'file';
  readonly path: string;
  readonly size: number;
  readonly modifiedMs: number;
};

/** Something the crawl will not inspect, with the reason. */
export type CrawlSkip = {
  readonly kind: 'skipped' | 'error';
  readonly path: string;
  readonly reason: string;
};

export type CrawlEntry = CrawledFile | CrawlSkip;

/**
 * Walks dropped paths (files and folders, recursively), yielding files to inspect as it finds
 * them and everything it will not inspect with a reason: junk and hidden names, unreadable
 * folders, special files, links that loop. Symbolic links are followed, but no folder or file
 * is visited twice (by device and inode), so loops end. Memory stays small: folders are read
 * as streams.
 */
export async function* crawl(
  roots: readonly string[],
  signal?: AbortSignal,
): AsyncGenerator<CrawlEntry> {
  const seenFolders = new Set<string>();
  const seenFiles = new Set<string>();
  const identity = (stats: Stats) => `${stats.dev}:${stats.ino}`;

  async function* visit(path: string, isRoot: boolean): AsyncGenerator<CrawlEntry> {
    if (signal?.aborted) return;
    const reason = isRoot ? undefined : junkReason(basename(path));
    if (reason) {
      yield { kind: 'skipped', path, reason };
      return;
    }
    let stats: Stats;
    try {
      stats = await stat(path); // follows links
    } catch (error) {
      yield { kind: 'error', path, reason: fsErrorReason(error, 'file') };
      return;
    }
    if (stats.isDirectory()) {
      if (seenFolders.has(identity(stats))) {
        yield {
          kind: 'skipped',
          path,
          reason: 'Skipped: this folder was already included (through a link or twice)',
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
      try {
        for await (const child of dir) yield* visit(join(path, child.name), false);
      } catch (error) {
        yield { kind: 'error', path, reason: fsErrorReason(error, 'folder') };
      }
      return;
    }
    if (!stats.isFile()) {
      yield {
        kind: 'skipped',
        path,
        reason: 'Skipped: not a regular file (a device, pipe or socket)',
      };
      return;
    }
    if (seenFiles.has(identity(stats))) {
      yield {
        kind: 'skipped',
        path,
        reason: 'Skipped: this file was already included (through a link or twice)',
      };
      return;
    }
    seenFiles.add(identity(stats));
    yield { kind: 'file', path, size: stats.size, modifiedMs: stats.mtimeMs };
  }

  // The same folder dropped twice, or under two names, is caught by its device and inode.
  for (const root of roots) yield* visit(root, true);
}
