import type Database from 'libsql';
import { z } from 'zod';

// "Pause all" is a state of the queue, not a flag copied onto the items queued at that moment:
// it is kept on disk (it outlives a restart), and a trigger pauses every item added while it
// holds, whichever code path adds it (a drop, a watched folder, a description edit).

/** Migration: the queue's flags, and the trigger that pauses items added while all is paused. */
export const PAUSE_ALL_MIGRATION = `CREATE TABLE queue_flags (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
   CREATE TRIGGER items_paused_while_all_paused AFTER INSERT ON items
   WHEN EXISTS (SELECT 1 FROM queue_flags WHERE name = 'paused_all' AND value = 1)
   BEGIN UPDATE items SET paused = 1 WHERE id = NEW.id; END;`;

/** Whether "pause all" holds. */
export function readPausedAll(db: Database.Database): boolean {
  const row = z
    .object({ value: z.number() })
    .optional()
    .parse(db.prepare("SELECT value FROM queue_flags WHERE name = 'paused_all'").get());
  return row?.value === 1;
}

/** Sets or lifts "pause all" (committed before it returns). */
export function writePausedAll(db: Database.Database, paused: boolean): void {
  db.prepare(
    "INSERT INTO queue_flags (name, value) VALUES ('paused_all', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
  ).run(paused ? 1 : 0);
}
