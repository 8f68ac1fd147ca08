import Database from 'libsql';
import { z } from 'zod';
import type { Words } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';
import { withPrivateUmask } from '../ownership/private-files';
import { useDurableJournal } from './commit-durability';
import {
  INTAKE_OUTCOMES_MIGRATION,
  INTAKE_OUTCOMES_ON_SERVICE_MIGRATION,
} from './intake-outcomes-table';
import { AFTER_UPLOAD_MIGRATION } from './after-upload-records';
import { PAUSE_ALL_MIGRATION } from './pause-all';
import { reasonsAsWordsMigration } from './queue-reason';

// How `queue.db` is opened and brought to this version's shape. The app and the command line may
// open the same file at the same moment (the app starting while a command runs): each migration
// step takes the write lock first (BEGIN IMMEDIATE) and reads the version again under it, so only
// one of them makes a step, and the other finds it made. A queue a newer version made is refused.

/** A step of the queue database's making: SQL, or code for a change SQL alone cannot make. */
export type QueueMigration = string | ((db: Pick<Database.Database, 'prepare'>) => void);

/** The queue database's migrations, in order (exported so a test can build an old queue). */
export const QUEUE_MIGRATIONS: readonly QueueMigration[] = [
  `CREATE TABLE items (
     id INTEGER PRIMARY KEY,
     kind TEXT NOT NULL CHECK (kind IN ('photo', 'description')),
     state TEXT NOT NULL,
     reason TEXT,
     paused INTEGER NOT NULL DEFAULT 0,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL DEFAULT 0,
     project_id TEXT,
     path TEXT,
     size INTEGER,
     format TEXT,
     md5 TEXT,
     captured_at INTEGER,
     lat REAL,
     lon REAL,
     description TEXT NOT NULL DEFAULT '',
     internal INTEGER NOT NULL DEFAULT 0,
     uri TEXT,
     uri_expires_at INTEGER,
     photo_id TEXT,
     processing_status TEXT,
     base_description TEXT,
     service_description TEXT,
     bytes_sent INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE INDEX items_due ON items (state, next_attempt_at);
   CREATE INDEX items_md5 ON items (md5, project_id);`,
  // 2: bounds the wait for a photo the service accepted without naming it, or for processing.
  'ALTER TABLE items ADD COLUMN waiting_since INTEGER;',
  // 3: the tags a photo is created with.
  "ALTER TABLE items ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';",
  // issue 13 §5 (duplicates against the service): the per-item override, and "found, not uploaded".
  `ALTER TABLE items ADD COLUMN allow_duplicates INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE items ADD COLUMN found_on_service INTEGER NOT NULL DEFAULT 0;`,
  // (issue 13, HEIC/TIFF as JPEG) the MD5 of the JPEG uploaded instead of the original.
  'ALTER TABLE items ADD COLUMN upload_md5 TEXT;',
  // issue 13, pause all: a state of the queue; items added while it holds are paused.
  PAUSE_ALL_MIGRATION,
  // issue 13, retry after a processing error: the ids of the failed records, for the report.
  "ALTER TABLE items ADD COLUMN failed_photo_ids TEXT NOT NULL DEFAULT '[]';",
  // issue 13 (bugs-intake): the skipped and unreadable files of each queued batch, for the report.
  INTAKE_OUTCOMES_MIGRATION,
  // Progress (`photoGroups`) is counted from this index alone: scanning the whole rows of a
  // 20 000-item queue after every change held main for 30-100 ms.
  'CREATE INDEX items_progress ON items (kind, state, paused, size, bytes_sent);',
  // issue 15: a photo's EXIF orientation, so its thumbnail can be made after a restart or for a
  // photo queued by the command line or a watched folder (1: upright, as for older rows).
  'ALTER TABLE items ADD COLUMN orientation INTEGER NOT NULL DEFAULT 1;',
  // issue 22: the file's identity at intake, so a file or folder swapped since is not uploaded.
  'ALTER TABLE items ADD COLUMN file_identity TEXT;',
  // issue 22 §2: a note on an item, e.g. uploaded without the duplicate check (`ItemNote`).
  'ALTER TABLE items ADD COLUMN note TEXT;',
  // issue 22 §6: files found on the service before they were queued are in the report too.
  INTAKE_OUTCOMES_ON_SERVICE_MIGRATION,
  // issue 24 §1: the photo's page on the service, linked from the queue instead of its raw id.
  'ALTER TABLE items ADD COLUMN photo_url TEXT;',
  // issue 24 §2: reasons become words (a catalog key and its values), read in today's language.
  reasonsAsWordsMigration,
  // issue 26 §3: the batch's after-upload action (move, trash) and what became of each file.
  AFTER_UPLOAD_MIGRATION,
];

/**
 * The queue was made by a newer version of Photo Uploader (its schema is past this version's
 * migrations): it is not opened, since this version would misread what it holds (reasons kept in
 * a newer form would show as raw JSON, a newer column's meaning would be lost on a retry).
 */
export class QueueTooNewError extends Error {
  override readonly name = 'QueueTooNewError';
  /** Why, for the window (`message` is the English, for the command line and the log). */
  readonly words: Words = QUEUE_TOO_NEW;

  constructor(
    /** The schema version the file holds. */
    readonly found: number,
    /** The newest this version makes. */
    readonly known: number,
  ) {
    super(
      `${englishFor(QUEUE_TOO_NEW)} (queue schema ${found}; this version reads up to ${known})`,
    );
  }
}

const QUEUE_TOO_NEW = words('error.queue.newerVersion');

const versionRow = z.object({ version: z.number().nullable() }).optional();

/** The schema version `db` holds: none when it has no version table or no version in it yet. */
function storedVersion(db: Database.Database): number | undefined {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
    .get();
  if (table === undefined) return undefined;
  return (
    versionRow.parse(db.prepare('SELECT MAX(version) AS version FROM schema_version').get())
      ?.version ?? undefined
  );
}

/** Refuses a queue a newer version made (see `QueueTooNewError`). */
function refuseNewer(version: number | undefined, known: number): void {
  if (version !== undefined && version > known) throw new QueueTooNewError(version, known);
}

/**
 * Brings `db` to the shape `migrations` make, one step a transaction. Each step holds the write
 * lock from its start (BEGIN IMMEDIATE) and reads the version again under it: another process
 * opening the same file meanwhile waits (`busy_timeout`), then finds the step made and skips it.
 * Throws `QueueTooNewError`, changing nothing, when the file is past `migrations`.
 */
export function migrateQueue(
  db: Database.Database,
  migrations: readonly QueueMigration[] = QUEUE_MIGRATIONS,
): void {
  // Read without a lock first: a queue of this version (the usual case) opens without waiting
  // for a writer that holds the file.
  const seen = storedVersion(db);
  refuseNewer(seen, migrations.length);
  if (seen === migrations.length) return;
  const step = db.transaction((): boolean => {
    db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const version = storedVersion(db);
    refuseNewer(version, migrations.length);
    if (version === undefined) db.prepare('INSERT INTO schema_version (version) VALUES (0)').run();
    const from = version ?? 0;
    if (from === migrations.length) return false;
    const migration = migrations[from]!;
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
    db.prepare('UPDATE schema_version SET version = ?').run(from + 1);
    return true;
  });
  while (step.immediate()) {
    // One step made; the next is made under a lock of its own.
  }
}

/**
 * Opens the queue database at `file` (made when absent): owner-only, in WAL mode with durable
 * commits, waiting up to `busyTimeoutMs` (5 s) for another process's write, and migrated (see
 * `migrateQueue`).
 */
export function openQueueDatabase(
  file: string,
  { busyTimeoutMs = 5000 }: { readonly busyTimeoutMs?: number } = {},
): Database.Database {
  // The queue holds paths, descriptions and positions: its file and the journal files SQLite
  // makes beside it (with the database's mode) are the owner's only.
  const db = withPrivateUmask(() => {
    const opened = new Database(file);
    // Before anything else: switching a new file to WAL takes a lock another opener may hold.
    opened.pragma(`busy_timeout = ${Math.max(0, Math.round(busyTimeoutMs))}`);
    useDurableJournal(opened);
    return opened;
  });
  try {
    migrateQueue(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
