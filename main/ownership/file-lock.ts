import Database from 'libsql';
import { withPrivateUmask } from './private-files';

/** How often a waiting `acquire` tries again. */
const POLL_MS = 50;

/** Thrown by `FileLock.acquire` when the lock stays held past the wait. */
export class LockTimeoutError extends Error {
  override readonly name = 'LockTimeoutError';
}

function isBusy(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('SQLITE_BUSY')
  );
}

/**
 * An operating-system lock on one file, held by this process until `release()` or until the
 * process ends in any way: the kernel drops it when the process dies, so a SIGKILL never leaves a
 * stale lock behind (no pid files, no timeouts).
 *
 * It is SQLite's own file lock (POSIX advisory locks on Unix, `LockFileEx` on Windows), taken
 * through the Node-API SQLite binding the queue already uses: an exclusive transaction on an
 * empty database that is never committed. A second holder, in this process or another, is
 * refused at once.
 */
export class FileLock {
  #db: Database.Database | undefined;

  private constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Takes the lock if it is free; undefined when another holder has it. */
  static tryAcquire(path: string): FileLock | undefined {
    // timeout 0: never block the event loop waiting inside SQLite; callers poll instead.
    const db = withPrivateUmask(() => new Database(path, { timeout: 0 }));
    try {
      db.exec('PRAGMA journal_mode=OFF');
      db.exec('PRAGMA locking_mode=EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE');
      return new FileLock(db);
    } catch (error) {
      db.close();
      if (isBusy(error)) return undefined;
      throw error;
    }
  }

  /**
   * Waits for the lock, polling, for at most `timeoutMs`.
   * @throws LockTimeoutError when it is still held then; the signal's reason when aborted.
   */
  static async acquire(
    path: string,
    options: { readonly timeoutMs: number; readonly signal?: AbortSignal },
  ): Promise<FileLock> {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      options.signal?.throwIfAborted();
      const lock = FileLock.tryAcquire(path);
      if (lock !== undefined) return lock;
      if (Date.now() >= deadline)
        throw new LockTimeoutError(
          `Another process held ${path} for more than ${options.timeoutMs} ms`,
        );
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Whether this object still holds the lock. */
  get held(): boolean {
    return this.#db !== undefined;
  }

  /** Lets the lock go (idempotent). */
  release(): void {
    const db = this.#db;
    this.#db = undefined;
    if (db === undefined) return;
    try {
      db.exec('ROLLBACK');
    } finally {
      db.close();
    }
  }
}
