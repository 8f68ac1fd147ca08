import Database from 'libsql';
import { z } from 'zod';
import { withPrivateUmask } from '../ownership/private-files';

/** A file the watcher queued: where it was, what it looked like, and its bytes' MD5. */
export type LedgerEntry = {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly md5: string;
};

const countRow = z.object({ found: z.number() });

/**
 * What the watchers queued, kept in its own SQLite file in the data folder (`watch-ledger.db`)
 * so that each file is queued exactly once, also across restarts: a file whose path, size and
 * modification time were already queued is not read again, and a file whose path and MD5 were
 * already queued (touched, copied over with the same bytes) is not queued again either. The
 * queue keeps its own record of uploads; this one only says what the watchers already handed
 * over, so the two never disagree about a migration.
 */
export class WatchLedger {
  readonly #db: Database.Database;

  constructor(file: string) {
    // Paths of the user's photos: owner-only, like the queue.
    this.#db = withPrivateUmask(() => new Database(file));
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = FULL');
    // The app and a command line attached to it may both watch: wait for each other's writes.
    this.#db.pragma('busy_timeout = 5000');
    this.#db.exec(`CREATE TABLE IF NOT EXISTS watched_files (
      path TEXT NOT NULL,
      size INTEGER NOT NULL,
      mtime_ms INTEGER NOT NULL,
      md5 TEXT NOT NULL,
      queued_at INTEGER NOT NULL,
      PRIMARY KEY (path, size, mtime_ms)
    )`);
    this.#db.exec('CREATE INDEX IF NOT EXISTS watched_files_md5 ON watched_files (path, md5)');
  }

  /** True when this exact file (path, size, modification time) was already queued. */
  seen(path: string, size: number, mtimeMs: number): boolean {
    const row = countRow.parse(
      this.#db
        .prepare(
          'SELECT COUNT(*) AS found FROM watched_files WHERE path = ? AND size = ? AND mtime_ms = ?',
        )
        .get(path, size, Math.trunc(mtimeMs)),
    );
    return row.found > 0;
  }

  /** True when these bytes were already queued from this path (the file was only touched). */
  seenBytes(path: string, md5: string): boolean {
    const row = countRow.parse(
      this.#db
        .prepare('SELECT COUNT(*) AS found FROM watched_files WHERE path = ? AND md5 = ?')
        .get(path, md5),
    );
    return row.found > 0;
  }

  /** Records files as queued, in one transaction. */
  record(entries: readonly LedgerEntry[], now: number): void {
    const insert = this.#db.prepare(
      'INSERT OR IGNORE INTO watched_files (path, size, mtime_ms, md5, queued_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.#db.transaction(() => {
      for (const entry of entries)
        insert.run(entry.path, entry.size, Math.trunc(entry.mtimeMs), entry.md5, now);
    })();
  }

  /** How many files were queued from under `root` (for tests and the status line). */
  countUnder(root: string): number {
    return countRow.parse(
      this.#db
        .prepare("SELECT COUNT(*) AS found FROM watched_files WHERE path LIKE ? ESCAPE '\\'")
        .get(`${root.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    ).found;
  }

  close(): void {
    this.#db.close();
  }
}
