import type { QueueProgressView } from '../ipc/views';
import { plural } from './plural';

/** What the notice needs of the queue: its progress. */
type QueueState = { readonly progress: QueueProgressView };

/**
 * What to announce when the queue moves from `before` to `after`: a batch that has just
 * finished, or items that have just come to need attention. Undefined when nothing new happened.
 */
export function batchNotice(
  before: QueueState | undefined,
  after: QueueState | undefined,
): string | undefined {
  if (before === undefined || after === undefined) return undefined;
  const waiting = (queue: QueueState) =>
    queue.progress.stages.preparing +
    queue.progress.stages.creating +
    queue.progress.stages.processing;
  if (after.progress.needsAttention > before.progress.needsAttention)
    return `${plural(after.progress.needsAttention, { one: '# item needs', other: '# items need' })} your attention in the queue.`;
  if (waiting(before) > 0 && waiting(after) === 0 && after.progress.stages.done > 0)
    return `All uploads are finished: ${after.progress.stages.done} done.`;
  return undefined;
}
