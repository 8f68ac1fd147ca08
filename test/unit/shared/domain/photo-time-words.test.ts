import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCaptureTime, formatRelativeTime } from '../../../../shared/domain/photo-time-words';

afterEach(() => {
  vi.unstubAllEnvs();
});

// 2008-10-22T14:28:39Z: 16:28 in Rome (summer time, UTC+2).
const SUMMER = Date.UTC(2008, 9, 22, 14, 28, 39) / 1000;
// 2008-12-22T15:28:00Z: 16:28 in Rome (winter time, UTC+1).
const WINTER = Date.UTC(2008, 11, 22, 15, 28, 0) / 1000;

describe('formatCaptureTime', () => {
  it("reads the time in the photo's own IANA zone, in the locale's format, with the zone's city", () => {
    expect(formatCaptureTime(SUMMER, 'Europe/Rome', 'en-GB')).toBe(
      'Wed, 22 Oct 2008, 16:28 (Rome)',
    );
    expect(formatCaptureTime(SUMMER, 'Europe/Rome', 'en-US')).toBe(
      'Wed, Oct 22, 2008, 04:28 PM (Rome)',
    );
    expect(formatCaptureTime(SUMMER, 'Europe/Rome', 'de-DE')).toBe(
      'Mi., 22. Okt. 2008, 16:28 (Rome)',
    );
  });

  it('follows daylight saving time: the same wall clock across the change', () => {
    expect(formatCaptureTime(WINTER, 'Europe/Rome', 'en-GB')).toBe(
      'Mon, 22 Dec 2008, 16:28 (Rome)',
    );
    // The last hour before Rome's clocks went back on 2008-10-26 (03:00 summer → 02:00 winter).
    expect(formatCaptureTime(Date.UTC(2008, 9, 26, 0, 30) / 1000, 'Europe/Rome', 'en-GB')).toBe(
      'Sun, 26 Oct 2008, 02:30 (Rome)',
    );
    expect(formatCaptureTime(Date.UTC(2008, 9, 26, 1, 30) / 1000, 'Europe/Rome', 'en-GB')).toBe(
      'Sun, 26 Oct 2008, 02:30 (Rome)',
    );
  });

  it('handles half-hour zones, by name and by offset', () => {
    expect(formatCaptureTime(SUMMER, 'Asia/Kolkata', 'en-GB')).toBe(
      'Wed, 22 Oct 2008, 19:58 (Kolkata)',
    );
    expect(formatCaptureTime(SUMMER, '+05:30', 'en-GB')).toBe(
      'Wed, 22 Oct 2008, 19:58 (UTC+05:30)',
    );
    expect(formatCaptureTime(SUMMER, '-0330', 'de-DE')).toBe(
      'Mi., 22. Okt. 2008, 10:58 (UTC-03:30)',
    );
  });

  it('names an offset as an offset from UTC, never as bare UTC', () => {
    expect(formatCaptureTime(SUMMER, '+02:00', 'en-GB')).toBe(
      'Wed, 22 Oct 2008, 16:28 (UTC+02:00)',
    );
    expect(formatCaptureTime(SUMMER, '+00:00', 'en-GB')).toBe(
      'Wed, 22 Oct 2008, 14:28 (UTC+00:00)',
    );
    expect(formatCaptureTime(SUMMER, 'UTC', 'en-GB')).toBe('Wed, 22 Oct 2008, 14:28 (UTC+00:00)');
    expect(formatCaptureTime(SUMMER, 'America/Argentina/Buenos_Aires', 'en-GB')).toContain(
      '(Buenos Aires)',
    );
  });

  it("uses the user's zone when the photo gives none, and says so", () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    expect(formatCaptureTime(SUMMER, undefined, 'en-GB')).toBe(
      'Wed, 22 Oct 2008, 16:28 (your time, Berlin)',
    );
    expect(formatCaptureTime(SUMMER, 'Not/A_Zone', 'en-GB')).toBe(
      'Wed, 22 Oct 2008, 16:28 (your time, Berlin)',
    );
  });
});

describe('formatRelativeTime', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0);
  const minute = 60_000;
  const hour = 60 * minute;
  it('says how long ago, in the largest whole unit', () => {
    expect(formatRelativeTime(now - 20_000, now, 'en-GB')).toBe('now');
    expect(formatRelativeTime(now - 3 * minute, now, 'en-GB')).toBe('3 min ago');
    expect(formatRelativeTime(now - 2 * hour - 5 * minute, now, 'en-GB')).toBe('2 hr ago');
    expect(formatRelativeTime(now - 30 * hour, now, 'en-GB')).toBe('yesterday');
    expect(formatRelativeTime(now - 3 * 24 * hour, now, 'en-US')).toBe('3 days ago');
    expect(formatRelativeTime(now - 15 * 24 * hour, now, 'en-US')).toBe('2 wk. ago');
    expect(formatRelativeTime(now - 400 * 24 * hour, now, 'en-GB')).toBe('last yr');
  });

  it("speaks the user's locale, and the future too", () => {
    expect(formatRelativeTime(now - 3 * minute, now, 'de-DE')).toBe('vor 3 Min.');
    expect(formatRelativeTime(now - 30 * hour, now, 'de-DE')).toBe('gestern');
    expect(formatRelativeTime(now + 5 * minute, now, 'en-GB')).toBe('in 5 min');
  });
});
