import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCounts, runStart } from '../../../renderer/app/current-run';
import { BATCH_GAP_MS } from '../../../renderer/features/queue/queue-groups';
import { queueSnapshot } from '../../fakes/queue-snapshot';
import { queueItemView as item } from '../../fakes/queue-item-view';
import type { QueueItemState } from '../../../shared/ipc/views';

const T = 1_800_000_000_000;
const HOUR = 3_600_000;

describe('the run under way', () => {
  it('leaves out yesterday’s finished photos and counts today’s batch whole', () => {
    const items = [
      // Yesterday's batch, long done.
      item(1, { state: 'done', queuedAt: T - 24 * HOUR }),
      item(2, { state: 'done', queuedAt: T - 24 * HOUR }),
      // Today's, queued in two chunks: the first chunk's photos are through already.
      item(3, { state: 'done', queuedAt: T }),
      item(4, { state: 'needs-attention', queuedAt: T }),
      item(5, { state: 'creating', queuedAt: T + 30_000 }),
      item(6, { state: 'queued', queuedAt: T + 30_000 }),
      item(7, { state: 'cancelled', queuedAt: T + 30_000 }),
    ];
    const start = runStart(items, undefined);
    expect(start).toBe(T);
    // The cancelled photo is not counted.
    expect(runCounts(items, T)).toEqual({ total: 4, done: 1, attention: 1, unfinished: 2 });
  });

  it('has no start when nothing is left to send', () => {
    expect(runStart([item(1, { state: 'done' }), item(2, { state: 'needs-attention' })], T)).toBe(
      undefined,
    );
    expect(runStart(queueSnapshot([]).items, undefined)).toBe(undefined);
  });

  it('keeps a known start while it still covers every unfinished photo', () => {
    const items = [item(1, { state: 'done', queuedAt: T }), item(2, { queuedAt: T + HOUR })];
    expect(runStart(items, T - HOUR)).toBe(T - HOUR);
  });

  it('always counts every photo once, and every unfinished one in the run', () => {
    const states: QueueItemState[] = [
      'queued',
      'staged',
      'creating',
      'created',
      'done',
      'needs-attention',
      'cancelled',
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            state: fc.constantFrom(...states),
            minutes: fc.integer({ min: 0, max: 600 }),
          }),
          { maxLength: 40 },
        ),
        (drawn) => {
          const items = drawn.map((one, index) =>
            item(index + 1, { state: one.state, queuedAt: T + one.minutes * 60_000 }),
          );
          const start = runStart(items, undefined);
          const unfinished = items.filter((one) =>
            ['queued', 'staged', 'creating', 'created'].includes(one.state),
          );
          if (unfinished.length === 0 || start === undefined) {
            expect(start).toBe(unfinished.length === 0 ? undefined : 'a start');
            return;
          }
          const counts = runCounts(items, start);
          expect(counts.done + counts.attention + counts.unfinished).toBe(counts.total);
          expect(counts.unfinished).toBe(unfinished.length);
          // The start reaches back no further than a batch's gaps allow.
          const oldest = Math.min(...unfinished.map((one) => one.queuedAt));
          expect(start).toBeLessThanOrEqual(oldest);
          const between = items.filter((one) => one.queuedAt >= start && one.queuedAt <= oldest);
          const times = [...new Set(between.map((one) => one.queuedAt))].sort((a, b) => a - b);
          for (let index = 1; index < times.length; index += 1)
            expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeLessThanOrEqual(BATCH_GAP_MS);
        },
      ),
    );
  });
});
