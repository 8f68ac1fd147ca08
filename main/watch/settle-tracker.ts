import { lstat } from 'node:fs/promises';

/** A file whose size and modification time held still for the settle time. */
export type SettledFile = {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
};

type Pending = { size: number; mtimeMs: number; stableSince: number };

/**
 * The first half of the completeness rule: a file is settled once its size and modification
 * time have not changed for `settleMs`. Files are looked at every `tickMs`; a file that changes
 * starts its wait again, and one that vanished is forgotten.
 */
export class SettleTracker {
  readonly #pending = new Map<string, Pending>();

  constructor(
    /** The settle time, read at each look (a changed setting applies to the waiting files). */
    private readonly settleMs: (path: string) => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A file was added or changed: (re)start its wait. */
  touch(path: string): void {
    this.#pending.set(path, { size: -1, mtimeMs: -1, stableSince: this.now() });
  }

  /**
   * A file found by a listing: starts its wait unless it is already waiting (a listing must not
   * delay a file whose events already came).
   */
  notice(path: string): void {
    if (!this.#pending.has(path)) this.touch(path);
  }

  /** Starts a file's wait again (it was settled but not yet a complete image). */
  again(path: string): void {
    this.touch(path);
  }

  /** How many files are waiting. */
  get waiting(): number {
    return this.#pending.size;
  }

  /** Stats every waiting file; returns (and stops tracking) the ones that settled. */
  async settled(): Promise<SettledFile[]> {
    const ready: SettledFile[] = [];
    for (const [path, entry] of [...this.#pending]) {
      // lstat: a link is not a file of the watched folder (it may point outside it). A FIFO, a
      // socket or a device settles like a file: the completeness check skips it with a reason.
      const info = await lstat(path).catch(() => undefined);
      if (info === undefined || info.isDirectory() || info.isSymbolicLink()) {
        this.#pending.delete(path);
        continue;
      }
      const now = this.now();
      if (info.size !== entry.size || info.mtimeMs !== entry.mtimeMs) {
        this.#pending.set(path, { size: info.size, mtimeMs: info.mtimeMs, stableSince: now });
        continue;
      }
      if (now - entry.stableSince >= this.settleMs(path)) {
        this.#pending.delete(path);
        ready.push({ path, size: info.size, mtimeMs: info.mtimeMs });
      }
    }
    return ready;
  }
}
