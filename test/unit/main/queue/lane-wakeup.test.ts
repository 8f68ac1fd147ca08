import { describe, expect, it } from 'vitest';
import { LaneWakeup } from '../../../../main/queue/lane-wakeup';
import { realWait } from '../../../../main/queue/service-waits';

describe('LaneWakeup', () => {
  it('sleeps the whole time when nothing notifies', async () => {
    const wakeup = new LaneWakeup(realWait);
    const started = performance.now();
    await wakeup.sleep(60);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('wakes every sleeper at once on notify, and a later sleep sleeps again', async () => {
    const wakeup = new LaneWakeup(realWait);
    const started = performance.now();
    const sleepers = [wakeup.sleep(10_000), wakeup.sleep(10_000)];
    setTimeout(() => wakeup.notify(), 20);
    await Promise.all(sleepers);
    expect(performance.now() - started).toBeLessThan(2000);
    const again = performance.now();
    await wakeup.sleep(40);
    expect(performance.now() - again).toBeGreaterThanOrEqual(35);
  });

  it('returns when the caller aborts, and at once when already aborted', async () => {
    const wakeup = new LaneWakeup(realWait);
    const stop = new AbortController();
    const started = performance.now();
    setTimeout(() => stop.abort(), 20);
    await wakeup.sleep(10_000, stop.signal);
    await wakeup.sleep(10_000, stop.signal);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('hands the wait an abort signal for the early wake-up (a test clock wait can honour it)', async () => {
    const seen: (AbortSignal | undefined)[] = [];
    const wakeup = new LaneWakeup(async (_ms, signal) => {
      seen.push(signal);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    const sleeping = wakeup.sleep(1000);
    wakeup.notify();
    await sleeping;
    expect(seen[0]?.aborted).toBe(true);
  });
});
