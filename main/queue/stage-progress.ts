import type { Clock } from '../../shared/domain/clock';

/** At most this often per item is a byte count written and sent to the window (about 4 a second). */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Wraps `report` so it runs at most once per `intervalMs` on `clock`: an upload's byte counts
 * arrive for every chunk read (64 KiB), far more often than the queue and the window need.
 * Counts in between are dropped; the count when the file ends is written by the staged step.
 */
export function throttledProgress(
  clock: Clock,
  report: (bytes: number) => void,
  intervalMs = PROGRESS_INTERVAL_MS,
): (bytes: number) => void {
  let last = -Infinity;
  return (bytes) => {
    const now = clock.now();
    if (now - last < intervalMs) return;
    last = now;
    report(bytes);
  };
}
