import { describe, expect, it } from 'vitest';
import {
  formatCaptureTime,
  formatRelativeTime,
} from '../../../renderer/features/photos/time-words-local';

const ROME = Date.UTC(2008, 9, 22, 14, 28, 39) / 1000;

describe('times people read', () => {
  it('shows a capture time on the wall clock of the photo’s zone, named', () => {
    expect(formatCaptureTime(ROME, 'Europe/Rome', 'en-GB')).toBe('Wed 22 Oct 2008, 16:28 (Rome)');
    expect(formatCaptureTime(ROME, 'America/New_York', 'en-GB')).toBe(
      'Wed 22 Oct 2008, 10:28 (New York)',
    );
  });

  it('falls back to the user’s own zone, said so, never bare UTC', () => {
    const own = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const words = formatCaptureTime(ROME, undefined, 'en-GB');
    expect(words).toContain('your time');
    expect(words).toContain(own.split('/').pop()?.replace(/_/g, ' '));
    expect(formatCaptureTime(ROME, 'Not/AZone', 'en-GB')).toContain('your time');
  });

  it('says upload times relative to now', () => {
    const now = Date.UTC(2026, 0, 10, 12, 0);
    expect(formatRelativeTime(now - 10_000, now)).toBe('just now');
    expect(formatRelativeTime(now - 3 * 60_000, now)).toBe('3 min ago');
    expect(formatRelativeTime(now - 2 * 3_600_000, now)).toBe('2 h ago');
    expect(formatRelativeTime(now - 24 * 3_600_000, now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(now + 60_000, now)).toBe('just now');
  });
});
