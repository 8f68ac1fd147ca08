import fc from 'fast-check';
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

  it.each([
    ['de', 'Europe/Rome', 'Mitteleuropäische Zeit'],
    ['de-CH', 'Europe/Rome', 'Mitteleuropäische Zeit'],
    ['es-MX', 'America/Los_Angeles', 'hora del Pacífico'],
    ['fr', 'Europe/Rome', 'heure d’Europe centrale'],
    ['en-GB', 'Europe/Rome', 'Rome'],
    ['en', 'America/Los_Angeles', 'Los Angeles'],
  ])(
    'names a zone in the reader’s language (%s, %s): no English city left in it',
    (locale, zone, name) => {
      expect(captureReading(AT, zone, 'UTC', locale)).toMatchObject({
        kind: 'photo-zone',
        zone: name,
      });
      // The user's own zone too, when the photo has none.
      expect(captureReading(AT, undefined, zone, locale)).toMatchObject({
        kind: 'your-zone',
        zone: name,
      });
    },
  );

  it('keeps offsets as offsets, in every language', () => {
    for (const locale of ['de', 'es', 'fr', undefined])
      expect(captureReading(AT, '+02:00', 'UTC', locale)).toMatchObject({ zone: 'UTC+02:00' });
  });

  it('names every IANA zone in German, Spanish and French in their own words, never by its id', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Intl.supportedValuesOf('timeZone').filter((zone) => zone.includes('/'))),
        fc.constantFrom('de', 'es', 'fr', 'de-AT', 'fr-CA', 'es-419'),
        (zone, locale) => {
          const reading = captureReading(AT, zone, 'UTC', locale);
          expect(reading.kind).toBe('photo-zone');
          if (reading.kind === 'none') return;
          expect(reading.zone).not.toBe('');
          // Never the id ("Europe/Rome", "America/Argentina/Buenos_Aires") or a part of it.
          expect(reading.zone).not.toMatch(/[A-Za-z]\/[A-Za-z]|_/);
          expect(reading.zone).not.toMatch(/GMT/);
        },
      ),
    );
  });
});
