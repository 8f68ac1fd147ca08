import { PRODUCT_NAME } from '../../shared/domain/app-identity';
import type { Translate } from '../../shared/i18n/translator';
import type { QueueProgressView } from '../../shared/ipc/views';
import type { NoticeWords } from './quit-rules';

/** What the notification needs of the queue: its progress. */
type QueueState = { readonly progress: QueueProgressView };

const waiting = (queue: QueueState) =>
  queue.progress.stages.preparing +
  queue.progress.stages.creating +
  queue.progress.stages.processing;

/**
 * The desktop notification, in the words of `t`, for the queue's move from `before` to `after`:
 * items that have just come to need attention, or a batch that has just finished (the window's
 * `batchNotice` tells the same). Undefined when nothing new happened.
 */
export function batchNotification(
  before: QueueState | undefined,
  after: QueueState | undefined,
  t: Translate,
): NoticeWords | undefined {
  if (before === undefined || after === undefined) return undefined;
  if (after.progress.needsAttention > before.progress.needsAttention)
    return {
      title: PRODUCT_NAME,
      body: t('notification.attention', { count: after.progress.needsAttention }),
    };
  if (waiting(before) > 0 && waiting(after) === 0 && after.progress.stages.done > 0)
    return {
      title: PRODUCT_NAME,
      body: t('notification.batchDone', { done: after.progress.stages.done }),
    };
  return undefined;
}
