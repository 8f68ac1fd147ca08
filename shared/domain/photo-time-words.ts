/**
 * Times as people read them: a capture time in the photo's own zone, in the user's locale
 * format, and upload times relative to now ("3 min ago"). Everything goes through Intl, so the
 * words follow the locale; no time is ever shown as a bare UTC reading.
 */

/** An offset such as `+02:00`, `-0530` or `+05`, as EXIF's OffsetTime fields write them. */
const OFFSET = /^([+-])(\d{2}):?(\d{2})?$/;

/** The parts shown of a capture time: weekday, day, month, year, hour and minute. */
const CAPTURE_PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * Formatters by locale and zone: building one costs far more than using it, and a scrolling
 * grid reads hundreds of times a second in the same few zones.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The capture-time formatter of `locale` in `zone`, built once. */
function captureFormatter(locale: string | undefined, zone: string): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${zone}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, { ...CAPTURE_PARTS, timeZone: zone });
    formatters.set(key, formatter);
  }
  return formatter;
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

/** Whether Intl knows `zone` as an IANA time zone. */
function isKnownZone(zone: string): boolean {
  try {
    captureFormatter(undefined, zone);
    return true;
  } catch {
    return false;
  }
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

/** Formatters that read a zone's wall clock in numbers, by zone, built once each. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The offset of an IANA zone at `instant`, in minutes east of UTC. */
function zoneOffsetAt(zone: string, instant: Date): number {
  let wallClock = wallClocks.get(zone);
  if (wallClock === undefined) {
    wallClock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    wallClocks.set(zone, wallClock);
  }
  const parts = wallClock.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? '0');
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  const exact = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((wall - exact) / 60_000);
}

/** The computer's own zone, the one a time falls back to when the photo gives none. */
function userZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The reading of `instant` in an IANA zone, and the zone's name for people. */
function inZone(instant: Date, zone: string, locale: string | undefined): [string, string] {
  const reading = captureFormatter(locale, zone).format(instant);
  return [reading, zoneCity(zone) ?? offsetLabel(zoneOffsetAt(zone, instant))];
}

/**
 * When a photo was taken, in the photo's own zone and the user's locale format, e.g.
 * "Wed, 22 Oct 2008, 16:28 (Rome)" (en-GB). `zone` is what intake decided: an IANA zone (its
 * city is named) or an offset such as `+02:00` (named "UTC+02:00"). When no zone is known
 * (`undefined`, or one Intl cannot read), the time is shown in the user's own zone and says so:
 * "… (your time, Rome)".
 *
 * @param capturedAt the instant, in whole seconds since the epoch (as intake and the service give it)
 * @param locale a BCP 47 locale; the user's when omitted
 */
export function formatCaptureTime(
  capturedAt: number,
  zone: string | undefined,
  locale?: string,
): string {
  const instant = new Date(capturedAt * 1000);
  const offset = zone === undefined ? undefined : offsetMinutes(zone);
  if (offset !== undefined) {
    // Intl reads no bare offsets as zones here: shift the instant and read it as UTC's wall clock.
    const shifted = new Date(instant.getTime() + offset * 60_000);
    const reading = captureFormatter(locale, 'UTC').format(shifted);
    return `${reading} (${offsetLabel(offset)})`;
  }
  if (zone !== undefined && isKnownZone(zone)) {
    const [reading, name] = inZone(instant, zone, locale);
    return `${reading} (${name})`;
  }
  const [reading, name] = inZone(instant, userZone(), locale);
  return `${reading} (your time, ${name})`;
}

/** The units a relative time is said in, with how many seconds each holds, largest first. */
const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Relative-time formatters by locale, built once each (a queue of thousands reads them). */
const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();

function relativeWords(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? '';
  let words = relativeFormatters.get(key);
  if (words === undefined) {
    words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
    relativeFormatters.set(key, words);
  }
  return words;
}

/**
 * How long ago (or how far ahead) `at` is from `now`, in the largest whole unit, in the user's
 * locale: "3 min ago", "2 hr ago", "yesterday", "in 5 min"; under a minute reads "now".
 *
 * @param at the time to describe, in milliseconds since the epoch
 * @param now the present, in milliseconds since the epoch
 * @param locale a BCP 47 locale; the user's when omitted
 */
export function formatRelativeTime(at: number, now: number, locale?: string): string {
  const words = relativeWords(locale);
  const seconds = (at - now) / 1000;
  for (const [unit, size] of UNITS) {
    const amount = Math.trunc(seconds / size);
    if (amount !== 0) return words.format(amount, unit);
  }
  return words.format(0, 'second');
}
