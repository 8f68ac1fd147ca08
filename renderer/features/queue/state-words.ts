import type { QueueCondition, QueueItemView, QueueSnapshotView } from '../../../shared/ipc/views';

/**
 * An item's state in plain words, as the queue list shows it. While the whole queue waits (offline,
 * or for a new sign-in) the unfinished items say so rather than the step they stopped at.
 */
export function stateWords(item: QueueItemView, condition: QueueCondition = 'running'): string {
  if (item.state === 'cancelled') return 'Cancelled';
  if (item.state === 'needs-attention') return `Needs attention: ${item.reason ?? 'see details'}`;
  if (item.paused && item.state !== 'done') return 'Paused';
  if (item.state !== 'done' && condition === 'offline')
    return 'Waiting for the connection; continues by itself';
  if (item.state !== 'done' && condition === 'needs-sign-in') return 'Waiting for you to sign in';
  if (item.kind === 'description')
    return item.state === 'done' ? 'Description updated' : 'Description edit waiting to be sent';
  switch (item.state) {
    case 'queued':
      return item.attempts > 0 ? 'Waiting to try again' : 'Preparing';
    case 'staged':
      return 'File uploaded, creating the photo next';
    case 'creating':
      return 'Creating the photo on the service';
    case 'created':
      return 'Processing on the service';
    case 'done':
      return item.processingStatus === 'duplicate' ? 'Already on the service' : 'Uploaded';
  }
}

/** The queue as a whole, in one sentence; undefined when there is nothing to say. */
export function conditionWords(condition: QueueCondition): string | undefined {
  switch (condition) {
    case 'offline':
      return 'You are offline or the Photo Service cannot be reached. Uploads will resume by themselves.';
    case 'needs-sign-in':
      return 'Your session has ended. Sign in again; queued uploads are kept and will continue.';
    case 'running':
    case 'idle':
      return undefined;
  }
}

/**
 * What to announce when the queue moves from `before` to `after`: a batch that has just
 * finished, or items that have just come to need attention. Undefined when nothing new happened.
 */
export function batchNotice(
  before: QueueSnapshotView | undefined,
  after: QueueSnapshotView | undefined,
): string | undefined {
  if (before === undefined || after === undefined) return undefined;
  const waiting = (queue: QueueSnapshotView) =>
    queue.progress.stages.preparing +
    queue.progress.stages.creating +
    queue.progress.stages.processing;
  if (after.progress.needsAttention > before.progress.needsAttention)
    return `${after.progress.needsAttention} ${after.progress.needsAttention === 1 ? 'item needs' : 'items need'} your attention in the queue.`;
  if (waiting(before) > 0 && waiting(after) === 0 && after.progress.stages.done > 0)
    return `All uploads are finished: ${after.progress.stages.done} done.`;
  return undefined;
}
