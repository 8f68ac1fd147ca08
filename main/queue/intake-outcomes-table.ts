import type Database from 'libsql';
import { z } from 'zod';

/** A file of a drop that was not queued, and why: what the report lists beside queued photos. */
export type IntakeOutcome = {
  readonly path: string;
  /** `skipped` (not a photo, too large, the same photo twice…) or `unreadable`. */
  readonly outcome: 'skipped' | 'unreadable';
  readonly reason: string;
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

const outcomeRow = z.object({
  project_id: z.string(),
  path: z.string(),
  outcome: z.enum(['skipped', 'unreadable']),
  reason: z.string(),
  created_at: z.number(),
});

/** A recorded outcome: the file, the batch's project and when the batch was queued. */
export type RecordedIntakeOutcome = z.output<typeof outcomeRow>;

/** Records the not-queued files of a batch for `projectId`, in one transaction. */
export function recordIntakeOutcomes(
  db: Database.Database,
  projectId: string,
  outcomes: readonly IntakeOutcome[],
  now: number,
): void {
  if (outcomes.length === 0) return;
  const insert = db.prepare(
    'INSERT INTO intake_outcomes (project_id, path, outcome, reason, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const entry of outcomes)
      insert.run(projectId, entry.path, entry.outcome, entry.reason, now);
  })();
}

/** Every recorded outcome, oldest first. */
export function listIntakeOutcomes(db: Database.Database): RecordedIntakeOutcome[] {
  return db
    .prepare(
      'SELECT project_id, path, outcome, reason, created_at FROM intake_outcomes ORDER BY id',
    )
    .all()
    .map((row) => outcomeRow.parse(row));
}
