import { describe, expect, it } from 'vitest';
import { captureReading } from '../../../shared/domain/capture-reading';

// 2008-10-22 14:28:39 UTC.
const AT = Date.UTC(2008, 9, 22, 14, 28, 39) / 1000;

describe('captureReading', () => {
  it('reads a capture time in the photo’s IANA zone, named by its city', () => {
    expect(captureReading(AT, 'America/Argentina/Buenos_Aires', 'Europe/Rome')).toEqual({
      kind: 'photo-zone',
      timeZone: 'America/Argentina/Buenos_Aires',
      at: AT * 1000,
      zone: 'Buenos Aires',
    });
  });

  it('names a zone without a city by its offset at that instant', () => {
    expect(captureReading(AT, 'Etc/GMT-3', 'Europe/Rome')).toMatchObject({
      kind: 'photo-zone',
      zone: 'UTC+03:00',
    });
  });

  it('reads an EXIF offset as UTC’s wall clock, shifted', () => {
    expect(captureReading(AT, '-0530', 'Europe/Rome')).toEqual({
      kind: 'photo-zone',
      timeZone: 'UTC',
      at: AT * 1000 - 330 * 60_000,
      zone: 'UTC-05:30',
    });
  });

  it('falls back to the user’s zone, and says so, for no zone or one Intl does not know', () => {
    for (const zone of [undefined, 'Mars/Olympus', '+15:00'])
      expect(captureReading(AT, zone, 'Europe/Rome')).toEqual({
        kind: 'your-zone',
        timeZone: 'Europe/Rome',
        at: AT * 1000,
        zone: 'Rome',
      });
  });

  it('has nothing to read without a capture time', () => {
    expect(captureReading(null, 'Europe/Rome', 'Europe/Rome')).toEqual({ kind: 'none' });
  });
});
