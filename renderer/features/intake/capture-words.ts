import type { CaptureRule, IntakePhoto } from '../../../shared/domain/intake';

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
