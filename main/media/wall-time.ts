/** A camera's wall-clock reading, with no zone. */
export type WallTime = {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
};

export type ParsedDate = { readonly wall: WallTime; readonly offsetText: string | undefined };

function valid(wall: WallTime): boolean {
  const { year, month, day, hour, minute, second } = wall;
  if (
    year < 1900 ||
    year > 2100 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    hour > 23 ||
    minute > 59 ||
    second > 60
  ) {
    return false;
  }
  // Day within the month (UTC arithmetic only checks the calendar, no zone involved).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses an EXIF date (`2008:10:22 16:28:39`) or an XMP/ISO date (`2013-09-23T10:09:46+02:00`,
 * `2005-12-17T22:03:32Z`, fractions allowed). A trailing offset is returned as text. Blank or
 * impossible dates (`0000:00:00 00:00:00`) and dates without a time give undefined.
 */
export function parseDateTime(raw: string | undefined): ParsedDate | undefined {
  if (raw === undefined) return undefined;
  const match =
    /^(\d{4})[:-](\d{2})[:-](\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(
      raw.trim(),
    );
  if (!match) return undefined;
  const wall: WallTime = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(match[4]),
    minute: Number(match[5]),
    second: Number(match[6] ?? 0),
  };
  return valid(wall) ? { wall, offsetText: match[7] } : undefined;
}

/** The wall time read as if it were UTC, in ms: the base for offset arithmetic. */
export function wallAsUtcMs(wall: WallTime): number {
  return Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    Math.min(wall.second, 59),
  );
}

/** `YYYY-MM-DDTHH:mm:ss` */
export function formatWallTime(wall: WallTime): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`;
}

/** EXIF `SubSecTimeOriginal` (`054` → 54 ms, `5` → 500 ms); 0 when absent or malformed. */
export function subSecondsMs(raw: string | undefined): number {
  const digits = raw?.trim();
  if (!digits || !/^\d+$/.test(digits)) return 0;
  return Math.floor(Number(`0.${digits}`) * 1000);
}

/** The wall time `seconds` later (earlier when negative), by calendar arithmetic with no zone. */
export function shiftWallTime(wall: WallTime, seconds: number): WallTime {
  if (seconds === 0) return wall;
  const shifted = new Date(wallAsUtcMs(wall) + seconds * 1000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}
