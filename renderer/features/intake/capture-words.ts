import type { IntlShape } from 'react-intl';
import { CAPTURE_PARTS, captureReading } from '../../../shared/domain/capture-reading';
import type { CaptureRule, IntakePhoto } from '../../../shared/domain/intake';
import type { MessageKey } from '../../../shared/i18n/catalogs';
import type { Translate, Words } from '../../../shared/i18n/translator';

/** How the capture time's zone was decided, as a short badge's message. */
export const RULE_BADGES: Readonly<Record<CaptureRule, MessageKey>> = {
  offset: 'intake.badge.rule.exact',
  'gps-time': 'intake.badge.rule.gpsTime',
  'gps-zone': 'intake.badge.rule.gpsZone',
  assumed: 'intake.badge.rule.assumed',
  'file-time': 'intake.badge.rule.fileTime',
};

/**
 * The capture time as the camera's wall clock, or the instant in UTC when there was none: a
 * reading for a tooltip, in numbers and a zone's id (no words).
 */
export function captureWords(item: IntakePhoto): string {
  const wall = item.capture.wallTime;
  if (wall !== undefined) return `${wall.replace('T', ' ')} (${item.capture.zone})`;
  return `${new Date(item.capture.capturedAt * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * The zone a photo's time is read in for people: the one intake decided, except for file times,
 * whose `UTC` says only that the file gave no zone (so the user's own is used, and said).
 */
function readingZone(item: IntakePhoto): string | undefined {
  return item.capture.rule === 'file-time' ? undefined : item.capture.zone;
}

/** When the photo was taken, as people read it: its own zone, the window's language. */
export function captureTimeWords(item: IntakePhoto, intl: IntlShape): Words {
  return timeWords(item.capture.capturedAt, readingZone(item), intl);
}

/** The time the camera's clock gave before a clock offset corrected it, read the same way. */
export function uncorrectedTimeWords(item: IntakePhoto, intl: IntlShape): Words | undefined {
  const correction = item.capture.correction;
  if (correction === undefined) return undefined;
  return timeWords(correction.uncorrectedAt, readingZone(item), intl);
}

/**
 * When a photo was taken, as words of the window's language (see `captureReading`): in its own
 * zone, named; without one Intl can read, in the user's zone, saying so.
 */
function timeWords(capturedAt: number, zone: string | undefined, intl: IntlShape): Words {
  const reading = captureReading(
    capturedAt,
    zone,
    intl.timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone,
    // The zone in the window's words ("hora de Europa central"); English names its city.
    intl.locale,
  );
  if (reading.kind === 'none') return { key: 'photos.time.none' };
  const time = intl.formatDate(reading.at, { ...CAPTURE_PARTS, timeZone: reading.timeZone });
  return {
    key:
      reading.kind === 'photo-zone' ? 'intake.captureTime.inZone' : 'intake.captureTime.yourZone',
    values: { time, zone: reading.zone },
  };
}

/**
 * A distance as the far badges say it, in the window's language: whole metres under a kilometre,
 * kilometres with one decimal under 100 km, whole kilometres beyond (no digit grouping: a
 * distance is read at a glance).
 */
export function distanceWords(intl: IntlShape, meters: number): string {
  if (meters < 1000)
    return intl.formatNumber(Math.round(meters), {
      style: 'unit',
      unit: 'meter',
      useGrouping: false,
    });
  const km = meters / 1000;
  const digits = km < 100 ? 1 : 0;
  return intl.formatNumber(km, {
    style: 'unit',
    unit: 'kilometer',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
}

/**
 * A photo's position as its GPS badge says it: latitude and longitude in the window's language
 * (`digits` decimals at most), the pair joined as the catalog's message says, so that a decimal
 * comma is never taken for the separator (German reads `43,4674; 11,8851`).
 */
export function gpsWords(
  t: Translate,
  intl: IntlShape,
  position: { readonly lat: number; readonly lon: number },
  digits: number,
): string {
  const number = (value: number) =>
    intl.formatNumber(value, { maximumFractionDigits: digits, useGrouping: false });
  return t('intake.badge.gps', { lat: number(position.lat), lon: number(position.lon) });
}
