import type { QueueStore } from '../queue/queue-store';
import type { QueueRunner } from './queue-runner';
import type { UploadsUnderway } from './updates-port';

/** Photos not yet uploaded and not waiting for the user (quitting asks about these). */
export function pendingUploadsOf(store: Pick<QueueStore, 'counts'>): number {
  const counts = store.counts();
  return counts.queued + counts.staged + counts.creating + counts.created;
}

/**
 * What the queue is doing that a restart to update must not cut (issue 25 §3): photos in
 * `creating`, photos whose bytes are moving to the photo host, and whether the queue runs.
 */
export function uploadsUnderwayOf(
  store: Pick<QueueStore, 'counts' | 'queuedPhotoCount'>,
  runner: Pick<QueueRunner, 'status'>,
): UploadsUnderway {
  return {
    creating: store.counts().creating,
    queued: store.queuedPhotoCount(),
    running: runner.status().condition === 'running',
  };
}
