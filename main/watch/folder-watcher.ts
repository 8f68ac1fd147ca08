import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import type { Logger } from '../logging/logger';

/** What one watched root reports. */
export type FolderWatcherEvents = {
  /** A file was added or changed under the root (also for files there at the start). */
  readonly file: (path: string) => void;
  /** The root is there and watched (at the start, and again after it came back). */
  readonly watching: () => void;
  /** The root is gone (a network drive went away); it is watched again when it comes back. */
  readonly missing: () => void;
};

/**
 * Watches one folder, recursively, with chokidar, and survives the folder going away: chokidar
 * may not notice its root being removed, so the root's existence is polled; when the root
 * disappears the watcher is closed, and when it comes back a fresh one scans it again (files
 * already queued are recognised by the ledger, not by the watcher).
 */
export class FolderWatcher {
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #present: boolean | undefined;
  #closed = false;
  #checking = false;

  constructor(
    readonly root: string,
    private readonly events: FolderWatcherEvents,
    private readonly logger: Logger,
    /** How often the root's existence is checked. */
    private readonly pollMs = 1000,
  ) {}

  /** Starts watching (or waiting for the folder to appear). */
  async start(): Promise<void> {
    await this.#check();
    this.#timer = setInterval(() => void this.#check(), this.pollMs);
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
      this.#watcher = watch(this.root, { ignoreInitial: false, alwaysStat: false });
      this.#watcher.on('add', (path) => this.events.file(path));
      this.#watcher.on('change', (path) => this.events.file(path));
      // A file written into a folder made a moment earlier can be missed while the watch on the
      // new folder is being set up: the folder is listed again shortly after it appeared.
      this.#watcher.on('addDir', (path) => {
        for (const delay of [500, 2000])
          setTimeout(() => void this.#listAgain(path), delay).unref();
      });
      this.#watcher.on('error', (error) =>
        this.logger.warn('a watched folder reported an error', { error }),
      );
      this.events.watching();
    } finally {
      this.#checking = false;
    }
  }

  /** Reports every file under `dir` (the settle tracker and the ledger ignore repeats). */
  async #listAgain(dir: string): Promise<void> {
    if (this.#closed) return;
    try {
      for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
        if (entry.isFile()) this.events.file(join(entry.parentPath, entry.name));
    } catch {
      // Gone again, or unreadable: the watcher reports what happens next.
    }
  }

  /** Stops watching for good. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#watcher?.close();
    this.#watcher = undefined;
  }
}
