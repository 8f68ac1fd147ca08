import type Database from 'libsql';
import type { ItemUpdate, QueueItem } from './queue-schema';

/**
 * How hard a journal write must hold: `durable` survives a power cut (the disk has it before the
 * write returns), `relaxed` survives a crash of the app but may be lost with the power. Relaxed
 * writes cost no disk sync, which otherwise blocks the engine's event loop on every state.
 */
export type CommitDurability = 'durable' | 'relaxed';

/** Columns whose loss is harmless: bookkeeping the engine rebuilds by itself. */
const BOOKKEEPING: ReadonlySet<string> = new Set(['bytes_sent', 'waiting_since']);

/**
 * Which writes may be relaxed: only those whose loss leads to a step that is safe to repeat.
 * - Byte counts and wait start times: rebuilt as the engine goes.
 * - A photo `staged`: lost, the photo is staged again under the same content key, and a host
 *   that already holds those bytes does not take them again.
 * - A photo `done`: lost, the photo goes back to `created` with its id, and the service is asked
 *   once more whether it is processed.
 * Everything else stays durable, above all `creating` (recorded before the create is sent, so a
 * power cut can never lead to a second create), `created` (the service's id) and every
 * description edit (a lost `done` would send the edit again and meet its own change as a
 * conflict). A durable write syncs the journal with every relaxed write before it, so the order
 * of the journal is kept: nothing relaxed is lost once a later durable write has returned.
 */
export function commitDurability(item: QueueItem, change: ItemUpdate): CommitDurability {
  const columns = Object.keys(change);
  if (columns.length > 0 && columns.every((column) => BOOKKEEPING.has(column))) return 'relaxed';
  if (item.kind === 'photo' && (change.state === 'staged' || change.state === 'done'))
    return 'relaxed';
  return 'durable';
}

/** The journal's normal synchronous mode: every commit is on the disk before it returns. */
const DURABLE_SYNC = 'FULL';

/** Opens `db` in WAL mode with durable commits (FULL: a commit survives a power cut too). */
export function useDurableJournal(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${DURABLE_SYNC}`);
}

/**
 * Runs `write` on `db` with the disk sync `durability` asks for: a `relaxed` write skips the sync
 * (it survives a crash of the app; the next durable commit makes it survive a power cut too),
 * and the durable mode is back before this returns.
 */
export function withDurability<T>(
  db: Database.Database,
  durability: CommitDurability,
  write: () => T,
): T {
  if (durability === 'durable') return write();
  db.exec('PRAGMA synchronous = NORMAL');
  try {
    return write();
  } finally {
    db.exec(`PRAGMA synchronous = ${DURABLE_SYNC}`);
  }
}
