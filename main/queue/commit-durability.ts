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
