import { setImmediate as nextTurn } from 'node:timers/promises';

/** Items one statement of a bulk change touches before main's event loop gets a turn. */
export const BULK_CHUNK = 500;

/**
 * Runs `step` (one chunk of a bulk change: it changes at most `BULK_CHUNK` items and returns
 * their ids) until a chunk changes fewer, with a turn of the event loop between chunks, so that
 * "pause all" on 20 000 items never holds main for long. Each chunk is its own committed
 * statement. Returns every id changed, in order.
 */
export async function inTurns(step: (limit: number) => number[]): Promise<number[]> {
  const changed: number[] = [];
  for (;;) {
    const ids = step(BULK_CHUNK);
    changed.push(...ids);
    if (ids.length < BULK_CHUNK) return changed;
    await nextTurn();
  }
}
