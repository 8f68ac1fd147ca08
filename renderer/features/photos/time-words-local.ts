/**
 * Times people read, until `shared/domain/photo-time-words.ts` (engineer A) is merged: the same
 * names and signatures, so the lead only switches the import. Intl does the locale's formatting;
 * no hand-written date rules.
 */

/** The last part of an IANA zone, as people say it: "Europe/Rome" → "Rome", "America/New_York" → "New York". */
function zoneName(zone: string): string {
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

/**
 * A capture time (Unix seconds) on the wall clock of `zone`, in the user's locale:
 * "Wed 22 Oct 2008, 16:28 (Rome)". Without a zone (or with one Intl does not know) it is the
 * user's own zone, named as such, never bare UTC.
 */
export function formatCaptureTime(
  capturedAt: number,
  zone: string | undefined,
  locale?: string,
): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  const instant = new Date(capturedAt * 1000);
  if (zone !== undefined) {
    try {
      const text = words(new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }), instant);
      return `${text} (${zoneName(zone)})`;
    } catch {
      // An unknown zone: fall through to the user's own.
    }
  }
  const own = new Intl.DateTimeFormat(locale, options);
  return `${words(own, instant)} (${zoneName(own.resolvedOptions().timeZone)}, your time)`;
}

/** The formatter's text, without the comma some locales put right after a leading weekday. */
function words(format: Intl.DateTimeFormat, instant: Date): string {
  const parts = format.formatToParts(instant);
  const [first, second] = parts;
  if (first?.type === 'weekday' && second?.type === 'literal' && second.value.trim() === ',')
    parts.splice(1, 1, { type: 'literal', value: ' ' });
  return parts.map((part) => part.value).join('');
}

const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const SHORT_UNITS: Readonly<Partial<Record<Intl.RelativeTimeFormatUnit, string>>> = {
  minute: 'min',
  hour: 'h',
};

/**
 * How long ago `at` was, seen from `now` (both Unix ms): "just now", "3 min ago", "2 h ago",
 * "yesterday", "3 weeks ago". A time ahead of `now` (a clock skew) reads "just now".
 */
export function formatRelativeTime(at: number, now: number, locale?: string): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) return 'just now';
  const [unit, size] = UNITS.find(([, length]) => seconds >= length) ?? ['minute', 60];
  const count = Math.max(1, Math.floor(seconds / size));
  const short = SHORT_UNITS[unit];
  // English short forms read as people write them ("3 min ago"); other locales get Intl's own.
  if (short !== undefined && (locale === undefined || locale.startsWith('en')))
    return `${count} ${short} ago`;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'long' }).format(
    -count,
    unit,
  );
}
