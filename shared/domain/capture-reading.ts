/**
 * How a capture time is read for people: the instant, the zone to read its wall clock in, and the
 * zone's name (a city, `UTC±hh:mm`, or the zone's name in the window's language). The command line
 * words it in English (`photo-time-words.ts`), the window in its own language.
 */

/** An offset such as `+02:00`, `-0530` or `+05`, as EXIF's OffsetTime fields write them. */
const OFFSET = /^([+-])(\d{2}):?(\d{2})?$/;

/** The parts shown of a capture time: weekday, day, month, year, hour and minute. */
export const CAPTURE_PARTS = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;

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

/** Formatters that read a zone's wall clock in numbers, by zone, built once each. */
const wallClocks = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's wall-clock formatter, or null when Intl does not know the zone. */
function wallClock(zone: string): Intl.DateTimeFormat | null {
  let formatter = wallClocks.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      formatter = null;
    }
    wallClocks.set(zone, formatter);
  }
  return formatter;
}

/** The offset of a known IANA zone at `instant`, in minutes east of UTC. */
function zoneOffsetAt(formatter: Intl.DateTimeFormat, instant: Date): number {
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? '0');
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  const exact = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((wall - exact) / 60_000);
}

/**
 * The name people read for a known IANA zone: its city (English: the zone's id names it), or in
 * another language the zone's own name in it ("Mitteleuropäische Zeit", "hora de Europa central":
 * Intl names no cities, and an English city is a word left in English); else its offset at
 * `instant`.
 */
function zoneName(
  zone: string,
  formatter: Intl.DateTimeFormat,
  instant: Date,
  locale: string | undefined,
): string {
  const parts = zone.split('/');
  const last = parts[parts.length - 1];
  if (parts.length < 2 || last === undefined || parts[0] === 'Etc')
    return offsetLabel(zoneOffsetAt(formatter, instant));
  const city = last.replace(/_/g, ' ');
  if (locale === undefined || isEnglish(locale)) return city;
  return localZoneName(zone, locale, instant) ?? city;
}

/** Whether `locale` is English (any region): the zone's city is already its word. */
function isEnglish(locale: string): boolean {
  try {
    return new Intl.Locale(locale).language === 'en';
  } catch {
    // Not a tag: Intl would format it as the default locale; the city is the safe name.
    return true;
  }
}

/** A zone's generic name in `locale` (no summer or winter time: the name stays all year). */
function localZoneName(zone: string, locale: string, instant: Date): string | undefined {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    // A locale Intl cannot format in: the city, as English names it.
    return undefined;
  }
}

/** A capture time's reading and the zone it is read in (`your-zone`: fell back to the user's). */
export type CaptureReading =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'photo-zone' | 'your-zone';
      /** Where to read the wall clock: an IANA zone, or `UTC` for an instant already shifted. */
      readonly timeZone: string;
      /** The instant to read, in milliseconds since the epoch. */
      readonly at: number;
      /** The zone's name for people: a city, `UTC±hh:mm`, or its name in the reader's language. */
      readonly zone: string;
    };

/**
 * How a capture time is read: in the photo's own zone (`zone` is an IANA zone, whose city is
 * named, or an offset such as `+02:00`, named `UTC+02:00`); without one Intl can read, in the
 * user's zone `userZone`, and it says so.
 *
 * @param capturedAt whole seconds since the epoch, as the service gives it; null when unknown
 * @param locale the reader's (the window's format locale, `intl.locale`): a zone is named in its
 *   language; omitted (the command line) or English, by its city
 */
export function captureReading(
  capturedAt: number | null,
  zone: string | undefined,
  userZone: string,
  locale?: string,
): CaptureReading {
  if (capturedAt === null) return { kind: 'none' };
  const instant = new Date(capturedAt * 1000);
  const offset = zone === undefined ? undefined : offsetMinutes(zone);
  if (offset !== undefined)
    // Intl reads no bare offsets as zones: shift the instant and read it as UTC's wall clock.
    return {
      kind: 'photo-zone',
      timeZone: 'UTC',
      at: instant.getTime() + offset * 60_000,
      zone: offsetLabel(offset),
    };
  const known = zone === undefined ? null : wallClock(zone);
  if (zone !== undefined && known !== null)
    return {
      kind: 'photo-zone',
      timeZone: zone,
      at: instant.getTime(),
      zone: zoneName(zone, known, instant, locale),
    };
  const own = wallClock(userZone);
  return {
    kind: 'your-zone',
    timeZone: userZone,
    at: instant.getTime(),
    zone: own === null ? userZone : zoneName(userZone, own, instant, locale),
  };
}
