import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDue,
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

  it('never looks while an update is held, nor twice at once unless the first look was lost', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.option(fc.integer({ min: 0, max: 10 ** 12 }), { nil: undefined }),
        fc.boolean(),
        fc.boolean(),
        (now, lastStartedAt, busy, holding) => {
          const due = checkDue({ now, lastStartedAt, busy, holding });
          const sixHoursOn =
            lastStartedAt === undefined || now - lastStartedAt >= UPDATE_CHECK_INTERVAL_MS;
          if (holding) expect(due).toBe(false);
          // A look in flight is waited for, until 6 hours have passed since it began.
          else if (busy) expect(due).toBe(lastStartedAt !== undefined && sixHoursOn);
          else expect(due).toBe(sixHoursOn);
        },
      ),
    );
  });

  it('looks again once a look has hung for 6 hours', () => {
    expect(checkDue({ now: HOUR, lastStartedAt: 0, busy: true, holding: false })).toBe(false);
    expect(checkDue({ now: 6 * HOUR, lastStartedAt: 0, busy: true, holding: false })).toBe(true);
  });
});
