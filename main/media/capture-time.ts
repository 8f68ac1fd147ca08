import tzlookup from '@photostructure/tz-lookup';
import { DateTime } from 'luxon';
import type { CaptureTime, Coordinates } from '../../shared/domain/intake';
import { formatOffset, parseOffset } from './offset';
import {
  formatWallTime,
  parseDateTime,
  shiftWallTime,
  subSecondsMs,
  type WallTime,
  wallAsUtcMs,
} from './wall-time';

/** A date tag as read from the file, in the order it should be trusted. */
export type DateCandidate = {
  /** The tag's name, reported as the source, e.g. `DateTimeOriginal` or `xmp:CreateDate`. */
  readonly source: string;
  readonly value: string | undefined;
  /** The EXIF offset tag that belongs to it (`OffsetTimeOriginal` for `DateTimeOriginal`). */
  readonly offset?: string | undefined;
  /** The EXIF sub-second tag that belongs to it. */
  readonly subSeconds?: string | undefined;
};

export type CaptureInputs = {
  readonly dates: readonly DateCandidate[];
  /** `GPSDateStamp` (`2008:10:23`) and `GPSTimeStamp` (`[14, 27, 7.24]`): a UTC instant. */
  readonly gpsDate: string | undefined;
  readonly gpsTime: readonly number[] | undefined;
  readonly position: Coordinates | null;
  /** The file's modification time, ms since the epoch: the last resort. */
  readonly fileModifiedMs: number;
};

/** GPS and camera clocks disagree by more than this: the GPS time is not about this photo. */
const MAX_GPS_OFFSET_MINUTES = 14 * 60;

function gpsUtcMs(
  date: string | undefined,
  time: readonly number[] | undefined,
): number | undefined {
  const day = /^(\d{4})[:-](\d{2})[:-](\d{2})$/.exec(date?.trim() ?? '');
  if (!day || time?.length !== 3 || !time.every((part) => Number.isFinite(part) && part >= 0))
    return undefined;
  const [hours = 0, minutes = 0, seconds = 0] = time;
  if (hours > 23 || minutes > 59 || seconds >= 61) return undefined;
  const ms =
    Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) +
    ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return Number.isFinite(ms) ? ms : undefined;
}

/** The instant of a wall time in an IANA zone (luxon handles DST; no hand-written rules). */
function luxonInZone(wall: WallTime, zone: string): number | undefined {
  const local = DateTime.fromObject({ ...wall, second: Math.min(wall.second, 59) }, { zone });
  return local.isValid ? local.toMillis() : undefined;
}

/**
 * From this year on, every zone's offsets and changes fall on whole minutes (the last offset
 * with seconds, Monrovia's −0:44:30, ended in 1972): the seconds of a wall time never change
 * which offset applies.
 */
const WHOLE_MINUTE_OFFSETS_FROM = 1973;

/** Wall time as UTC minus instant, per zone and wall minute; undefined for a zone luxon refuses. */
const offsetsByWallMinute = new Map<string, number | undefined>();
const MAX_CACHED_OFFSETS = 10_000;

/**
 * `luxonInZone`, remembering the zone's offset at each wall minute: a folder's photos share a
 * few zones and their minutes, and luxon's zone arithmetic was the largest cost of reading a
 * photo's capture time (issue 26's profile). Luxon still decides every offset, gaps and repeated
 * hours included; the cache only reuses what it said for the same zone and minute. (In a repeated
 * hour luxon's own choice follows the machine's offset at the time of asking, so a process that
 * runs across a change of offset keeps the first answer, where luxon might change its mind.)
 */
export function inZone(wall: WallTime, zone: string): number | undefined {
  if (wall.year < WHOLE_MINUTE_OFFSETS_FROM) return luxonInZone(wall, zone);
  const key = `${zone} ${wall.year} ${wall.month} ${wall.day} ${wall.hour} ${wall.minute}`;
  const second = Math.min(wall.second, 59);
  const wallUtc = wallAsUtcMs({ ...wall, second });
  if (offsetsByWallMinute.has(key)) {
    const offset = offsetsByWallMinute.get(key);
    return offset === undefined ? undefined : wallUtc - offset;
  }
  const instant = luxonInZone(wall, zone);
  if (offsetsByWallMinute.size >= MAX_CACHED_OFFSETS) offsetsByWallMinute.clear();
  offsetsByWallMinute.set(key, instant === undefined ? undefined : wallUtc - instant);
  return instant;
}

/** The IANA zone at a position, from a maintained boundary dataset. */
export function zoneAt(position: Coordinates): string | undefined {
  try {
    return tzlookup(position.lat, position.lon);
  } catch {
    return undefined;
  }
}

function result(
  instantMs: number,
  subMs: number,
  rule: CaptureTime['rule'],
  zone: string,
  wall: WallTime | undefined,
  source: string,
): CaptureTime {
  return {
    capturedAt: Math.floor(instantMs / 1000),
    capturedAtMs: instantMs + subMs,
    rule,
    zone,
    wallTime: wall === undefined ? undefined : formatWallTime(wall),
    source,
  };
}

/** `resolveCaptureTime` with the wall time moved by `clockOffsetSeconds`. */
function resolveZoned(
  inputs: CaptureInputs,
  assumedZone: string,
  clockOffsetSeconds: number,
): CaptureTime {
  const parsed = inputs.dates.map((candidate) => ({
    candidate,
    date: parseDateTime(candidate.value),
  }));
  const chosen = parsed.find((entry) => entry.date !== undefined);
  if (chosen?.date === undefined) {
    return result(
      Math.floor(inputs.fileModifiedMs),
      0,
      'file-time',
      'UTC',
      undefined,
      'file modification time',
    );
  }
  // The camera's clock is corrected first: every zone rule then reads the right wall time.
  const wall = shiftWallTime(chosen.date.wall, clockOffsetSeconds);
  const source = chosen.candidate.source;
  const subMs = subSecondsMs(chosen.candidate.subSeconds);
  const wallUtc = wallAsUtcMs(wall);
  const cameraWallUtc = wallAsUtcMs(chosen.date.wall);

  const sameWall = (other: (typeof parsed)[number]) =>
    other.date !== undefined && wallAsUtcMs(other.date.wall) === cameraWallUtc;
  const offsetMinutes = [chosen, ...parsed.filter((other) => other !== chosen && sameWall(other))]
    .map((entry) => parseOffset(entry.date?.offsetText) ?? parseOffset(entry.candidate.offset))
    .find((minutes) => minutes !== undefined);
  const gpsMs = gpsUtcMs(inputs.gpsDate, inputs.gpsTime);
  const withGpsDifference = (capture: CaptureTime): CaptureTime =>
    gpsMs === undefined ? capture : { ...capture, ...gpsDifference(gpsMs, capture) };
  if (offsetMinutes !== undefined) {
    return withGpsDifference(
      result(
        wallUtc - offsetMinutes * 60_000,
        subMs,
        'offset',
        formatOffset(offsetMinutes),
        wall,
        source,
      ),
    );
  }

  const zone = inputs.position === null ? undefined : zoneAt(inputs.position);
  const zoned = zone === undefined ? undefined : inZone(wall, zone);
  const byZone =
    zone !== undefined && zoned !== undefined
      ? result(zoned, subMs, 'gps-zone', zone, wall, source)
      : result(inZone(wall, assumedZone) ?? wallUtc, subMs, 'assumed', assumedZone, wall, source);
  if (gpsMs !== undefined) {
    const minutes = Math.round((wallUtc - gpsMs) / 60_000 / 15) * 15;
    if (Math.abs(minutes) <= MAX_GPS_OFFSET_MINUTES) {
      return {
        ...result(
          wallUtc - minutes * 60_000,
          subMs,
          'gps-time',
          formatOffset(minutes),
          wall,
          source,
        ),
        // Measured against the zone the other rules give: GPS time cannot judge itself.
        ...gpsDifference(gpsMs, byZone),
      };
    }
  }
  return withGpsDifference(byZone);
}

/** GPS time minus the capture time, when the two are close enough to be about the same photo. */
function gpsDifference(gpsMs: number, capture: CaptureTime): { gpsDifferenceSeconds?: number } {
  const seconds = Math.round((gpsMs - capture.capturedAt * 1000) / 1000);
  return Math.abs(seconds) <= MAX_GPS_OFFSET_MINUTES * 60 ? { gpsDifferenceSeconds: seconds } : {};
}

/**
 * Decides when a photo was taken (architecture, "Capture time"). The first readable date wins;
 * a camera clock offset (`clockOffsetSeconds`, the saved offset of the photo's camera) is added
 * to its wall time before anything else, and the result keeps the uncorrected time. Its zone
 * comes from, in order:
 * 1. an explicit offset: its own (`OffsetTimeOriginal`, never `OffsetTime`, or an XMP date's
 *    offset), or that of another tag with the same wall time (an XMP copy of the date);
 * 2. GPS UTC time minus the wall time, rounded to 15 minutes, if within ±14 h;
 * 3. the IANA zone at the GPS position (0,0 counts as none);
 * 4. `assumedZone`, the zone the user chose for the batch.
 * With no readable date, the file's modification time is used (`file-time`, low confidence).
 * The machine's own zone is never consulted. With GPS time, `gpsDifferenceSeconds` says how far
 * the (corrected) clock is from it, the wall time read with rules 1, 3 and 4.
 */
export function resolveCaptureTime(
  inputs: CaptureInputs,
  assumedZone: string,
  clockOffsetSeconds = 0,
): CaptureTime {
  const corrected = resolveZoned(inputs, assumedZone, clockOffsetSeconds);
  if (clockOffsetSeconds === 0 || corrected.rule === 'file-time') return corrected;
  const uncorrected = resolveZoned(inputs, assumedZone, 0);
  return {
    ...corrected,
    correction: {
      offsetSeconds: clockOffsetSeconds,
      uncorrectedAt: uncorrected.capturedAt,
      uncorrectedWallTime: uncorrected.wallTime,
    },
  };
}

/** True when `zone` is an IANA zone name the date library knows. */
export function isKnownZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}
