import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDue,
  nextCheckInMs,
  UPDATE_CHECK_INTERVAL_MS,
} from '../../../../../main/desktop/updates/check-schedule';

const HOUR = 60 * 60 * 1000;

describe('when to look for updates (checkDue)', () => {
  const calm = { busy: false, holding: false };
  it('looks at start, then once 6 hours have passed', () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(6 * HOUR);
    expect(checkDue({ ...calm, now: 0, lastStartedAt: undefined })).toBe(true);
    expect(checkDue({ ...calm, now: 6 * HOUR - 1, lastStartedAt: 0 })).toBe(false);
    expect(checkDue({ ...calm, now: 6 * HOUR, lastStartedAt: 0 })).toBe(true);
  });

  it('never looks while a look is in flight or an update is downloaded or installing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.option(fc.integer({ min: 0, max: 10 ** 12 }), { nil: undefined }),
        fc.boolean(),
        fc.boolean(),
        (now, lastStartedAt, busy, holding) => {
          const due = checkDue({ now, lastStartedAt, busy, holding });
          if (busy || holding) expect(due).toBe(false);
          else
            expect(due).toBe(
              lastStartedAt === undefined || now - lastStartedAt >= UPDATE_CHECK_INTERVAL_MS,
            );
        },
      ),
    );
  });

  it('says how long until the next look', () => {
    expect(nextCheckInMs(5, undefined)).toBe(0);
    expect(nextCheckInMs(HOUR, 0)).toBe(5 * HOUR);
    expect(nextCheckInMs(7 * HOUR, 0)).toBe(0);
  });
});
