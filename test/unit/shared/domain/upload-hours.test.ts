import { describe, expect, it } from 'vitest';
import { englishFor, words } from '../../../../shared/i18n/words';
import { parseUploadSchedule, uploadWindow } from '../../../../shared/domain/upload-hours';

const schedule = (text: string) => {
  const parsed = parseUploadSchedule(text);
  if (parsed === undefined) throw new Error(`not a schedule: ${text}`);
  return parsed;
};
const at = (iso: string) => Date.parse(iso);
const UTC = 'UTC';
// 2026-11-23 is a Monday.
const evenings = schedule('Mon-Fri 18:00-07:00');

describe('parseUploadSchedule', () => {
  it('reads days, ranges, lists and times', () => {
    expect(evenings).toMatchObject({
      days: new Set([1, 2, 3, 4, 5]),
      startMinute: 1080,
      endMinute: 420,
    });
    expect(schedule('Sat,Sun 00:00-24:00')).toMatchObject({
      days: new Set([0, 6]),
      endMinute: 1440,
    });
    expect(schedule('Fri-Mon 9:30-17:00').days).toEqual(new Set([5, 6, 0, 1]));
    expect(schedule('daily 22:00-06:00').days.size).toBe(7);
  });

  it('refuses what is not a schedule', () => {
    for (const text of [
      '',
      'Mon-Fri',
      'Mon-Fri 25:00-07:00',
      'Someday 18:00-07:00',
      'Mon 10:00-10:00',
      'Mon 10:61-11:00',
    ])
      expect(parseUploadSchedule(text)).toBeUndefined();
  });
});

describe('uploadWindow', () => {
  it('is open inside the hours and always without a schedule', () => {
    expect(uploadWindow(evenings, at('2026-11-23T19:00:00Z'), UTC)).toEqual({ open: true });
    expect(uploadWindow(undefined, at('2026-11-23T10:00:00Z'), UTC)).toEqual({ open: true });
  });

  it('is closed outside, with when it opens and why', () => {
    const window = uploadWindow(evenings, at('2026-11-23T10:00:00Z'), UTC);
    expect(window).toEqual({
      open: false,
      opensAt: at('2026-11-23T18:00:00Z'),
      reason: words('reason.queue.uploadHours', {
        schedule: 'Mon-Fri 18:00-07:00',
        day: '',
        time: '18:00',
      }),
    });
    // The command line says it in English, as before reasons were words.
    if (!window.open)
      expect(englishFor(window.reason)).toBe(
        'Waiting for upload hours (Mon-Fri 18:00-07:00); resumes at 18:00',
      );
  });

  it('crosses midnight: open after midnight on the next day, closed at the end', () => {
    // Tuesday 03:00 belongs to Monday's window; Tuesday 07:00 is its end.
    expect(uploadWindow(evenings, at('2026-11-24T03:00:00Z'), UTC).open).toBe(true);
    expect(uploadWindow(evenings, at('2026-11-24T06:59:00Z'), UTC).open).toBe(true);
    expect(uploadWindow(evenings, at('2026-11-24T07:00:00Z'), UTC)).toMatchObject({
      open: false,
      opensAt: at('2026-11-24T18:00:00Z'),
    });
    // Saturday 03:00 still belongs to Friday's window.
    expect(uploadWindow(evenings, at('2026-11-28T03:00:00Z'), UTC).open).toBe(true);
  });

  it('follows day boundaries: Monday early is Sunday night, not a window', () => {
    const mondayEarly = uploadWindow(evenings, at('2026-11-23T03:00:00Z'), UTC);
    expect(mondayEarly).toMatchObject({ open: false, opensAt: at('2026-11-23T18:00:00Z') });
    const saturday = uploadWindow(evenings, at('2026-11-28T12:00:00Z'), UTC);
    if (!saturday.open)
      expect(englishFor(saturday.reason)).toBe(
        'Waiting for upload hours (Mon-Fri 18:00-07:00); resumes Mon at 18:00',
      );
    expect(saturday).toMatchObject({
      open: false,
      opensAt: at('2026-11-30T18:00:00Z'),
      reason: words('reason.queue.uploadHours', {
        schedule: 'Mon-Fri 18:00-07:00',
        day: 'mon',
        time: '18:00',
      }),
    });
  });

  it('reads the hours in the given zone, across a DST change', () => {
    const zone = 'Europe/Berlin';
    const sundays = schedule('Sun 18:00-07:00');
    // Saturday 28 March 2026, 20:00 CET; clocks go forward on Sunday at 02:00.
    const window = uploadWindow(sundays, at('2026-03-28T19:00:00Z'), zone);
    expect(window).toMatchObject({ open: false, opensAt: at('2026-03-29T16:00:00Z') });
    // Sunday 18:30 CEST is inside, Monday 06:30 CEST too, Monday 07:00 CEST not.
    expect(uploadWindow(sundays, at('2026-03-29T16:30:00Z'), zone).open).toBe(true);
    expect(uploadWindow(sundays, at('2026-03-30T04:30:00Z'), zone).open).toBe(true);
    expect(uploadWindow(sundays, at('2026-03-30T05:00:00Z'), zone).open).toBe(false);
    // A window that opens in the skipped hour opens when the clock jumps past it.
    const skipped = uploadWindow(schedule('Sun 02:30-05:00'), at('2026-03-28T23:00:00Z'), zone);
    expect(skipped).toMatchObject({ open: false, opensAt: at('2026-03-29T01:00:00Z') });
  });
});
