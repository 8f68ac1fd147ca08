import type { QueueItemView } from '../../shared/ipc/views';
import { BATCH_GAP_MS } from '../features/queue/queue-groups';

/** The photos of the run under way: the batches queued since the queue last had nothing to do. */
export type RunCounts = {
  /** Photos in the run, done or not (cancelled ones left out). */
  readonly total: number;
  /** Uploaded, or found already on the service. */
  readonly done: number;
  /** Stopped and waiting for the user. */
  readonly attention: number;
  /** Still to send or being sent. */
  readonly unfinished: number;
};

const isUnfinished = (item: QueueItemView) =>
  item.state !== 'done' && item.state !== 'needs-attention' && item.state !== 'cancelled';

const isPhoto = (item: QueueItemView) => item.kind === 'photo' && item.state !== 'cancelled';

/**
 * When the run under way began (Unix ms, a `queuedAt`): `known` while it still covers every
 * unfinished photo, otherwise the start of the batch that holds the oldest unfinished photo
 * (photos queued no more than `BATCH_GAP_MS` apart before it, as the queue groups batches), so
 * the photos of a batch that finished first still count. Undefined when no photo is unfinished.
 * The queue keeps finished photos for good: without a start, yesterday's would fill today's bar.
 */
export function runStart(
  items: readonly QueueItemView[],
  known: number | undefined,
): number | undefined {
  let oldest = Number.POSITIVE_INFINITY;
  for (const item of items)
    if (isPhoto(item) && isUnfinished(item)) oldest = Math.min(oldest, item.queuedAt);
  if (oldest === Number.POSITIVE_INFINITY) return undefined;
  if (known !== undefined && known <= oldest) return known;
  const earlier = items
    .filter((item) => isPhoto(item) && item.queuedAt < oldest)
    .map((item) => item.queuedAt)
    .sort((a, b) => b - a);
  let start = oldest;
  for (const queuedAt of earlier) {
    if (start - queuedAt > BATCH_GAP_MS) break;
    start = queuedAt;
  }
  return start;
}

/** The counts of the photos queued at or after `start` (see {@link runStart}). */
export function runCounts(items: readonly QueueItemView[], start: number): RunCounts {
  let total = 0;
  let done = 0;
  let attention = 0;
  for (const item of items) {
    if (!isPhoto(item) || item.queuedAt < start) continue;
    total += 1;
    if (item.state === 'done') done += 1;
    else if (item.state === 'needs-attention') attention += 1;
  }
  return { total, done, attention, unfinished: total - done - attention };
}
