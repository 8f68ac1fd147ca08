import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { BandwidthLimiter, throttledStream } from '../../../../main/staging/bandwidth-limiter';

/** A clock that moves only when the limiter sleeps. */
function fakeTime() {
  let now = 0;
  return {
    now: () => now,
    sleep: (ms: number) => {
      now += ms;
      return Promise.resolve();
    },
  };
}

describe('BandwidthLimiter', () => {
  it('lets bytes through at the cap, whatever the number of callers', async () => {
    const time = fakeTime();
    const limiter = new BandwidthLimiter(1_000_000, time.now, time.sleep);
    const lanes = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 50; i++) await limiter.take(50_000);
    });
    await Promise.all(lanes);
    // 10 MB of file bytes at 98% of 1 MB/s (the rest is headroom for headers): 10.2 s.
    expect(time.now()).toBeGreaterThanOrEqual(10_000);
    expect(time.now()).toBeLessThanOrEqual(10_300);
  });

  it('refuses a cap of zero', () => {
    expect(() => new BandwidthLimiter(0)).toThrow(RangeError);
  });

  it('throttles a stream, sending chunks larger than its burst in pieces', async () => {
    const time = fakeTime();
    const limiter = new BandwidthLimiter(200_000, time.now, time.sleep);
    const pieces: number[] = [];
    await pipeline(
      Readable.from([Buffer.alloc(100_000), Buffer.alloc(100_000)]),
      throttledStream(limiter),
      async (source: AsyncIterable<Buffer>) => {
        for await (const piece of source) pieces.push(piece.length);
      },
    );
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(200_000);
    // 200 kB at 98% of 200 kB/s: 1.02 s.
    expect(time.now()).toBeGreaterThanOrEqual(1_000);
    expect(time.now()).toBeLessThanOrEqual(1_100);
  });
});
