import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CommitDurability } from './commit-durability';

/** Items one statement of a bulk change touches before main's event loop gets a turn. */
export const BULK_CHUNK = 250;

/**
 * One chunk of a bulk change: at most `limit` items (-1: all) with ids above `afterId`, with
 * the disk sync `durability` asks for (`relaxed`: none until the change is committed durably).
 */
export type BulkStep = {
  readonly limit?: number;
  readonly afterId?: number;
  readonly durability?: CommitDurability;
};

/**
 * Runs `step` (one chunk of a bulk change: it changes at most `BULK_CHUNK` items after the last
 * id changed, in id order, and returns their ids) until a chunk changes fewer, with a turn of the event loop between chunks, so that
 * "pause all" on 20 000 items never holds main for long. The chunks are committed `relaxed` (a
 * disk sync each blocked main for up to 100 ms on a busy disk), then `commitDurably` syncs them
 * all at once: the user's command is durable when this returns, as every user command is.
 * Returns every id changed, in order.
 */
export async function inTurns(
  step: (chunk: Required<BulkStep>) => number[],
  commitDurably: () => void,
): Promise<number[]> {
  const changed: number[] = [];
  for (;;) {
    const ids = step({ limit: BULK_CHUNK, afterId: changed.at(-1) ?? 0, durability: 'relaxed' });
    changed.push(...ids);
    if (ids.length < BULK_CHUNK) break;
    await nextTurn();
  }
  commitDurably();
  return changed;
}
