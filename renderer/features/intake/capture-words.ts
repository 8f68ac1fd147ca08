import type { CaptureRule, IntakePhoto } from '../../../shared/domain/intake';
import { formatCaptureTime } from '../../../shared/domain/photo-time-words';

/** How the capture time's zone was decided, as a short badge. */
export const ruleBadges: Readonly<Record<CaptureRule, string>> = {
  offset: 'exact',
  'gps-time': 'from GPS time',
  'gps-zone': 'from GPS position',
  assumed: 'zone assumed',
  'file-time': 'file time',
};

/** The camera's own (uncorrected) time, when a clock offset corrected it; else undefined. */
export function correctionWords(item: IntakePhoto): string | undefined {
  const correction = item.capture.correction;
  if (correction === undefined) return undefined;
  const old =
    correction.uncorrectedWallTime?.replace('T', ' ') ??
    new Date(correction.uncorrectedAt * 1000).toISOString().slice(0, 19).replace('T', ' ');
  return old;
}

/** The capture time as the camera's wall clock, or the instant in UTC when there was none. */
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

/** When the photo was taken, as people read it: its own zone, the user's locale. */
export function captureTimeWords(item: IntakePhoto): string {
  return formatCaptureTime(item.capture.capturedAt, readingZone(item));
}

/** The time the camera's clock gave before a clock offset corrected it, read the same way. */
export function uncorrectedTimeWords(item: IntakePhoto): string | undefined {
  const correction = item.capture.correction;
  if (correction === undefined) return undefined;
  return formatCaptureTime(correction.uncorrectedAt, readingZone(item));
}
