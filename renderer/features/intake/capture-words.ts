import type { IntlShape } from 'react-intl';
import type { CaptureRule, IntakePhoto } from '../../../shared/domain/intake';
import type { MessageKey } from '../../../shared/i18n/catalogs';
import type { Words } from '../../../shared/i18n/translator';

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

/** The parts shown of a capture time: weekday, day, month, year, hour and minute. */
const CAPTURE_PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** An offset such as `+02:00`, `-0530` or `+05`, as EXIF's OffsetTime fields write them. */
const OFFSET = /^([+-])(\d{2}):?(\d{2})?$/;

/**
 * When a photo was taken, in the photo's own zone and the window's language (as
 * `shared/domain/photo-time-words.ts` says it in English for the command line): an IANA zone is
 * named by its city, an offset as `UTC+02:00`; with no zone (or one Intl cannot read) the time is
 * read in the user's own zone, and says so.
 */
function timeWords(capturedAt: number, zone: string | undefined, intl: IntlShape): Words {
  const instant = new Date(capturedAt * 1000);
  const offset = zone === undefined ? undefined : offsetMinutes(zone);
  if (offset !== undefined) {
    // Intl reads no bare offsets as zones: shift the instant and read it as UTC's wall clock.
    const shifted = new Date(instant.getTime() + offset * 60_000);
    const time = intl.formatDate(shifted, { ...CAPTURE_PARTS, timeZone: 'UTC' });
    return { key: 'intake.captureTime.inZone', values: { time, zone: offsetLabel(offset) } };
  }
  const known = zone !== undefined && isKnownZone(zone);
  const reading = known ? zone : userZone();
  const time = intl.formatDate(instant, { ...CAPTURE_PARTS, timeZone: reading });
  const name = zoneCity(reading) ?? offsetLabel(zoneOffsetAt(reading, instant));
  return {
    key: known ? 'intake.captureTime.inZone' : 'intake.captureTime.yourZone',
    values: { time, zone: name },
  };
}

/** Minutes east of UTC for an offset string, or undefined when it is not one. */
function offsetMinutes(zone: string): number | undefined {
  const match = OFFSET.exec(zone);
  if (match === null) return undefined;
  const [, sign, hours, minutes] = match;
  const total = Number(hours) * 60 + Number(minutes ?? '0');
  if (total > 14 * 60) return undefined;
  return sign === '-' ? -total : total;
}

/** `UTC+02:00`, `UTC-05:30`: an offset named so nobody mistakes it for a place. */
function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  const hours = String(Math.floor(whole / 60)).padStart(2, '0');
  return `UTC${sign}${hours}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Formatters that read a zone's wall clock in numbers, by zone, built once each (a scrolling grid
 * reads hundreds a second); a zone Intl cannot read is remembered as `null`.
 */
const wallClocks = new Map<string, Intl.DateTimeFormat | null>();

function wallClock(zone: string): Intl.DateTimeFormat | null {
  let clock = wallClocks.get(zone);
  if (clock === undefined) {
    try {
      clock = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      clock = null;
    }
    wallClocks.set(zone, clock);
  }
  return clock;
}

/** Whether Intl knows `zone` as an IANA time zone. */
function isKnownZone(zone: string): boolean {
  return wallClock(zone) !== null;
}

/** The offset of an IANA zone at `instant`, in minutes east of UTC. */
function zoneOffsetAt(zone: string, instant: Date): number {
  const parts = wallClock(zone)?.formatToParts(instant) ?? [];
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? '0');
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  const exact = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((wall - exact) / 60_000);
}

/**
 * The city of an IANA zone (`Europe/Rome` → `Rome`, `America/Argentina/Buenos_Aires` →
 * `Buenos Aires`); zones that name no city (`UTC`, `Etc/GMT+3`) give undefined.
 */
function zoneCity(zone: string): string | undefined {
  const parts = zone.split('/');
  const last = parts[parts.length - 1];
  if (parts.length < 2 || last === undefined || parts[0] === 'Etc') return undefined;
  return last.replace(/_/g, ' ');
}

/** The computer's own zone, the one a time falls back to when the photo gives none. */
function userZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
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
