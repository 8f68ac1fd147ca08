import type { UploadsUnderway } from '../../core/updates-port';

export type { UploadsUnderway };

/**
 * How many uploads a restart to update waits for; 0 when it may restart now. The journal makes
 * any quit safe, but an update must not be the thing that interrupts a batch: a photo in
 * `creating` is always waited for (its create is on its way or being reconciled), and bytes on
 * their way only while the queue runs (when it does not, the sent count is what a stopped stage
 * left behind, which it sends again from the start anyway).
 */
export function uploadsToWaitFor(underway: UploadsUnderway): number {
  return underway.creating + (underway.running ? underway.sending : 0);
}
