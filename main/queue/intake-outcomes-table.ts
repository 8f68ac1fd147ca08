import type Database from 'libsql';
import { z } from 'zod';
import type { Words } from '../../shared/i18n/translator';
import { englishFor } from '../../shared/i18n/words';
import { storedReason } from './queue-reason';

/** A file of a drop that was not queued, and why: what the report lists beside queued photos. */
export type IntakeOutcome = {
  readonly path: string;
  /**
   * `skipped` (not a photo, too large, the same photo twice, a subfolder no project is named
   * like…), `unreadable`, or `on-service`: the project already had it, found before queuing.
   */
  readonly outcome: 'skipped' | 'unreadable' | 'on-service';
  /** Kept as words (issue 24 §2): a reason recorded yesterday reads in today's language. */
  readonly reason: Words;
  /** For `on-service`: the service's photo that already holds these bytes. */
  readonly photoId?: string | undefined;
};

/**
 * The queue database's table of the files of a queued batch that were not queued (skipped or
 * unreadable at intake), so that the report lists every file of a drop with its reason.
 */
export const INTAKE_OUTCOMES_MIGRATION = `CREATE TABLE intake_outcomes (
     id INTEGER PRIMARY KEY,
     project_id TEXT NOT NULL,
     path TEXT NOT NULL,
     outcome TEXT NOT NULL CHECK (outcome IN ('skipped', 'unreadable')),
     reason TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );`;

/**
 * Issue 22: the files already on the service, found before they were queued, are recorded too
 * (`on-service`, with the service's photo id). SQLite cannot change a CHECK, so the table is
 * made again with the rows it held.
 */
export const INTAKE_OUTCOMES_ON_SERVICE_MIGRATION = `CREATE TABLE intake_outcomes_next (
     id INTEGER PRIMARY KEY,
     project_id TEXT NOT NULL,
     path TEXT NOT NULL,
     outcome TEXT NOT NULL CHECK (outcome IN ('skipped', 'unreadable', 'on-service')),
     reason TEXT NOT NULL,
     photo_id TEXT,
     created_at INTEGER NOT NULL
   );
   INSERT INTO intake_outcomes_next (id, project_id, path, outcome, reason, created_at)
     SELECT id, project_id, path, outcome, reason, created_at FROM intake_outcomes;
   DROP TABLE intake_outcomes;
   ALTER TABLE intake_outcomes_next RENAME TO intake_outcomes;`;

const outcomeRow = z.object({
  project_id: z.string(),
  path: z.string(),
  outcome: z.enum(['skipped', 'unreadable', 'on-service']),
  reason: z.string(),
  photo_id: z.string().nullable(),
  created_at: z.number(),
});

/**
 * A recorded outcome: the file, the batch's project and when the batch was queued, with its
 * reason as words and in English (`reason`: the report's, which stays English like the command
 * line).
 */
export type RecordedIntakeOutcome = Omit<z.output<typeof outcomeRow>, 'reason'> & {
  readonly reason: string;
  readonly words: Words;
};

/**
 * Records the not-queued files of a batch for `projectId`, in one transaction. A file already on
 * the service is recorded with its own project when it has one (a project per subfolder).
 */
export function recordIntakeOutcomes(
  db: Database.Database,
  projectId: string,
  outcomes: readonly (IntakeOutcome & { readonly projectId?: string | undefined })[],
  now: number,
): void {
  if (outcomes.length === 0) return;
  const insert = db.prepare(
    'INSERT INTO intake_outcomes (project_id, path, outcome, reason, photo_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const entry of outcomes)
      insert.run(
        entry.projectId ?? projectId,
        entry.path,
        entry.outcome,
        JSON.stringify(entry.reason),
        entry.photoId ?? null,
        now,
      );
  })();
}

/** Every recorded outcome, oldest first. */
export function listIntakeOutcomes(db: Database.Database): RecordedIntakeOutcome[] {
  return db
    .prepare(
      'SELECT project_id, path, outcome, reason, photo_id, created_at FROM intake_outcomes ORDER BY id',
    )
    .all()
    .map((row) => {
      const parsed = outcomeRow.parse(row);
      // Read as a queue item's reason is: a row written before reasons were words holds English.
      const said = storedReason(parsed.reason);
      return { ...parsed, reason: englishFor(said), words: said };
    });
}
