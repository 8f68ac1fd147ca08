import type { UploadsUnderway } from '../../core/updates-port';

export type { UploadsUnderway };

/**
 * How many uploads a restart to update waits for; 0 when it may restart now. The journal makes
 * any quit safe, but an update must not be the thing that interrupts a batch: a photo in
 * `creating` is always waited for (its create is on its way or being reconciled), and while the
 * queue runs, every photo still queued too. Counting only the bytes on their way would find a
 * safe point between two photos of a running batch (nothing sent yet, nothing in `creating`) and
 * cut the batch there. A queue that does not run (paused, offline, outside upload hours) is at a
 * safe point already: its queued photos wait whether the app restarts or not.
 */
export function uploadsToWaitFor(underway: UploadsUnderway): number {
  return underway.creating + (underway.running ? underway.queued : 0);
}
