import { describe, expect, it } from 'vitest';
import { BULK_CHUNK, inTurns } from '../../../../main/queue/in-turns';

describe('inTurns', () => {
  it('runs relaxed chunks until one is short, then commits durably once, giving back every id in order', async () => {
    const total = BULK_CHUNK * 3 + 7;
    let next = 1;
    const calls: string[] = [];
    const changed = await inTurns(
      ({ limit, afterId, durability }) => {
        calls.push(durability);
        expect(afterId).toBe(next - 1);
        const ids: number[] = [];
        while (ids.length < limit && next <= total) ids.push(next++);
        return ids;
      },
      () => calls.push('commit'),
    );
    expect(changed).toEqual(Array.from({ length: total }, (_, index) => index + 1));
    expect(calls).toEqual(['relaxed', 'relaxed', 'relaxed', 'relaxed', 'commit']);
  });

  it('lets other work run between chunks', async () => {
    let chunks = 0;
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 0);
    await inTurns(
      () => {
        chunks += 1;
        const until = Date.now() + 5;
        while (Date.now() < until);
        return Array.from(
          { length: chunks < 20 ? BULK_CHUNK : 0 },
          (_, index) => chunks * BULK_CHUNK + index,
        );
      },
      () => undefined,
    );
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(0);
  });
});
