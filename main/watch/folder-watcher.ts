import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import type { Logger } from '../logging/logger';

/** What one watched root reports. */
export type FolderWatcherEvents = {
  /** A file was added or changed under the root (also for files there at the start). */
  readonly file: (path: string) => void;
  /**
   * A file found by the periodic full listing of the root (its event may have been lost); the
   * listener must ignore files it already knows. Defaults to `file`.
   */
  readonly listed?: (path: string) => void;
  /** The root is there and watched (at the start, and again after it came back). */
  readonly watching: () => void;
  /** The root is gone (a network drive went away); it is watched again when it comes back. */
  readonly missing: () => void;
};

/** The default interval of the full listing of each watched root. */
export const DEFAULT_RESCAN_MS = 60_000;

/** How a `FolderWatcher` looks at its root besides polling its existence. */
export type FolderWatcherOptions = {
  /** How often the root's existence is checked (default 1 s). */
  readonly pollMs?: number | undefined;
  /** How often the whole root is listed again (default `DEFAULT_RESCAN_MS`). */
  readonly rescanMs?: number | undefined;
  /**
   * Whether the file system's events are listened to (default true). Off, only the listings
   * find files: for tests of the listing, and for file systems whose events cannot be trusted.
   */
  readonly fileEvents?: boolean | undefined;
  /**
   * Whether a folder under the root is left out (the rule's ignore patterns): neither watched
   * nor listed, so nothing in it is ever reported. Default: none.
   */
  readonly leftOut?: ((folder: string) => boolean) | undefined;
};

/**
 * The code of an error the file watcher reported (`EACCES`, `ENOSPC`, …), or `unknown`: never its
 * message or path, which name the user's files.
 */
export function watchErrorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('code' in error)) return 'unknown';
  const { code } = error;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,39}$/.test(code) ? code : 'unknown';
}

/**
 * Watches one folder, recursively, with chokidar, and survives the folder going away: chokidar
 * may not notice its root being removed, so the root's existence is polled; when the root
 * disappears the watcher is closed, and when it comes back a fresh one scans it again (files
 * already queued are recognised by the ledger, not by the watcher). File-system events can be
 * lost (network drives, an overflowing event queue), so the whole root is also listed again
 * every `rescanMs`.
 */
export class FolderWatcher {
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #present: boolean | undefined;
  #closed = false;
  #checking = false;
  #rescanTimer: NodeJS.Timeout | undefined;
  #rescanning = false;

  constructor(
    readonly root: string,
    private readonly events: FolderWatcherEvents,
    private readonly logger: Logger,
    private readonly options: FolderWatcherOptions = {},
  ) {}

  /** Starts watching (or waiting for the folder to appear). */
  async start(): Promise<void> {
    await this.#check();
    this.#timer = setInterval(() => void this.#check(), this.options.pollMs ?? 1000);
    this.#rescanTimer = setInterval(
      () => void this.#rescan(),
      this.options.rescanMs ?? DEFAULT_RESCAN_MS,
    );
  }

  /** Lists the whole root again, when it is there (one listing at a time). */
  async #rescan(): Promise<void> {
    if (this.#rescanning || this.#present !== true) return;
    this.#rescanning = true;
    try {
      await this.#listAgain(this.root, this.events.listed ?? this.events.file);
    } finally {
      this.#rescanning = false;
    }
  }

  async #check(): Promise<void> {
    if (this.#checking || this.#closed) return;
    this.#checking = true;
    try {
      const present = await stat(this.root).then(
        (info) => info.isDirectory(),
        () => false,
      );
      if (present === this.#present) return;
      this.#present = present;
      await this.#watcher?.close();
      this.#watcher = undefined;
      if (this.#closed) return;
      if (!present) {
        this.events.missing();
        return;
      }
      if (this.options.fileEvents === false) {
        this.events.watching();
        await this.#listAgain(this.root, this.events.listed ?? this.events.file);
        return;
      }
      // A link inside a watched folder must not queue a file outside it (as drops are crawled).
      const leftOut = this.options.leftOut;
      this.#watcher = watch(this.root, {
        ignoreInitial: false,
        alwaysStat: false,
        followSymlinks: false,
        // Asked first without its stats: only a path known to be a folder is left out.
        ...(leftOut === undefined
          ? {}
          : { ignored: (path: string, stats) => stats?.isDirectory() === true && leftOut(path) }),
      });
      this.#watcher.on('add', (path) => this.events.file(path));
      this.#watcher.on('change', (path) => this.events.file(path));
      // A file written into a folder made a moment earlier can be missed while the watch on the
      // new folder is being set up: the folder is listed again shortly after it appeared.
      this.#watcher.on('addDir', (path) => {
        for (const delay of [500, 2000])
          setTimeout(() => void this.#listAgain(path), delay).unref();
      });
      // The error's message and fields carry the file's path (a person's or a site's name):
      // only its code is logged.
      this.#watcher.on('error', (error) =>
        this.logger.warn('a watched folder reported an error', { error: watchErrorCode(error) }),
      );
      this.events.watching();
    } finally {
      this.#checking = false;
    }
  }

  /**
   * Reports every file under `dir` (the settle tracker and the ledger ignore repeats), not going
   * into a folder that is left out.
   */
  async #listAgain(dir: string, report = this.events.file): Promise<void> {
    if (this.#closed || (dir !== this.root && this.options.leftOut?.(dir) === true)) return;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // gone again, or unreadable: the watcher reports what happens next
    }
    for (const entry of entries) {
      if (this.#closed) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await this.#listAgain(path, report);
      // Special files too (a FIFO, a socket, a device): they are skipped with a reason.
      else if (!entry.isSymbolicLink()) report(path);
    }
  }

  /** Stops watching for good. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    clearInterval(this.#rescanTimer);
    await this.#watcher?.close();
    this.#watcher = undefined;
  }
}
