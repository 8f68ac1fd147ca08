/**
 * Times as people read them: a capture time in the photo's own zone, in the user's locale
 * format, and upload times relative to now ("3 min ago"). Everything goes through Intl, so the
 * words follow the locale; no time is ever shown as a bare UTC reading.
 */
import { CAPTURE_PARTS, captureReading } from './capture-reading';

/** Capture-time formatters by locale and zone, built once each (a grid reads hundreds a second). */
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

/**
 * When a photo was taken, in the photo's own zone and the user's locale format, e.g.
 * "Wed, 22 Oct 2008, 16:28 (Rome)" (en-GB). `zone` is what intake decided: an IANA zone (its
 * city is named) or an offset such as `+02:00` (named "UTC+02:00"). When no zone is known
 * (`undefined`, or one Intl cannot read), the time is shown in the user's own zone and says so:
 * "… (your time, Rome)". In English: the command line's words (the window has its own, from the
 * catalogs, over the same `captureReading`).
 *
 * @param capturedAt the instant, in whole seconds since the epoch (as intake and the service give it)
 * @param locale a BCP 47 locale; the user's when omitted
 */
export function formatCaptureTime(
  capturedAt: number,
  zone: string | undefined,
  locale?: string,
): string {
  const reading = captureReading(
    capturedAt,
    zone,
    new Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  if (reading.kind === 'none') return 'no capture time';
  const time = captureFormatter(locale, reading.timeZone).format(reading.at);
  return reading.kind === 'photo-zone'
    ? `${time} (${reading.zone})`
    : `${time} (your time, ${reading.zone})`;
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
