import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPLY_INTERVAL_MS,
  type ArrivedResults,
  IntakeBatchGatherer,
} from '../../../renderer/features/intake/intake-batches';
import type { IntakeBatchView, IntakeItemView } from '../../../shared/ipc/views';

/** Timers on a clock the test moves by hand. */
function handClock() {
  let now = 0;
  let due: { at: number; run: () => void } | undefined;
  return {
    timers: {
      now: () => now,
      schedule: (run: () => void, ms: number) => {
        const entry = { at: now + ms, run };
        due = entry;
        return () => {
          if (due === entry) due = undefined;
        };
      },
    },
    advance(ms: number) {
      now += ms;
      if (due !== undefined && due.at <= now) {
        const { run } = due;
        due = undefined;
        run();
      }
    },
  };
}

const item = (intakeId: number): IntakeItemView => ({
  status: 'error',
  path: `/photos/${intakeId}.jpg`,
  reason: { key: 'reason.intake.unreadable', values: { what: 'file' } },
  intakeId,
  root: '/photos',
  folders: [],
});

const batch = (from: number, count: number, done: boolean): IntakeBatchView => ({
  runId: 1,
  items: Array.from({ length: count }, (_, index) => item(from + index)),
  progress: {
    found: from + count,
    inspected: from + count,
    photos: 0,
    skipped: 0,
    errors: from + count,
    done,
  },
});

describe('IntakeBatchGatherer', () => {
  it('applies every result exactly once, in order, and the run end at once', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            count: fc.integer({ min: 0, max: 40 }),
            gap: fc.integer({ min: 0, max: 400 }),
          }),
          {
            minLength: 1,
            maxLength: 60,
          },
        ),
        (messages) => {
          const clock = handClock();
          const applied: ArrivedResults[] = [];
          const gatherer = new IntakeBatchGatherer(
            (arrived) => applied.push(arrived),
            clock.timers,
          );
          let next = 1;
          messages.forEach(({ count, gap }, index) => {
            clock.advance(gap);
            gatherer.add(batch(next, count, index === messages.length - 1));
            next += count;
          });
          const ids = applied.flatMap((arrived) => arrived.items.map((entry) => entry.intakeId));
          expect(ids).toEqual(Array.from({ length: next - 1 }, (_, index) => index + 1));
          expect(applied.at(-1)?.progress.done).toBe(true);
        },
      ),
    );
  });

  it('applies a burst of messages as one update per interval', () => {
    const clock = handClock();
    const applied: ArrivedResults[] = [];
    const gatherer = new IntakeBatchGatherer((arrived) => applied.push(arrived), clock.timers);
    for (let index = 0; index < 100; index += 1) {
      gatherer.add(batch(index * 10 + 1, 10, false));
      clock.advance(APPLY_INTERVAL_MS / 10);
    }
    // 100 messages over ten intervals: the first at once, then one per interval.
    expect(applied.length).toBeLessThanOrEqual(11);
    expect(applied[0]!.items).toHaveLength(10);
  });

  it('drops what arrived but was not applied when the list is cleared', () => {
    const clock = handClock();
    const applied: ArrivedResults[] = [];
    const gatherer = new IntakeBatchGatherer((arrived) => applied.push(arrived), clock.timers);
    gatherer.add(batch(1, 5, false));
    gatherer.add(batch(6, 5, false));
    gatherer.drop();
    clock.advance(APPLY_INTERVAL_MS);
    expect(applied.flatMap((arrived) => arrived.items)).toHaveLength(5);
  });
});
