import type { Words } from '../i18n/translator';
import type { QueueProgressView } from '../ipc/views';
import { plural } from './plural';

/** What the notice needs of the queue: its progress. */
type QueueState = { readonly progress: QueueProgressView };

/** What happened between two states of the queue that is worth announcing. */
type QueueNews =
  | { readonly kind: 'attention'; readonly count: number }
  | { readonly kind: 'finished'; readonly done: number };

/** A batch that has just finished, or items that have just come to need attention. */
function queueNews(
  before: QueueState | undefined,
  after: QueueState | undefined,
): QueueNews | undefined {
  if (before === undefined || after === undefined) return undefined;
  const waiting = (queue: QueueState) =>
    queue.progress.stages.preparing +
    queue.progress.stages.creating +
    queue.progress.stages.processing;
  if (after.progress.needsAttention > before.progress.needsAttention)
    return { kind: 'attention', count: after.progress.needsAttention };
  if (waiting(before) > 0 && waiting(after) === 0 && after.progress.stages.done > 0)
    return { kind: 'finished', done: after.progress.stages.done };
  return undefined;
}

/**
 * What to announce when the queue moves from `before` to `after`, in English (the desktop
 * notification): a batch that has just finished, or items that have just come to need attention.
 * Undefined when nothing new happened.
 */
export function batchNotice(
  before: QueueState | undefined,
  after: QueueState | undefined,
): string | undefined {
  const news = queueNews(before, after);
  if (news === undefined) return undefined;
  switch (news.kind) {
    case 'attention':
      return `${plural(news.count, { one: '# item needs', other: '# items need' })} your attention in the queue.`;
    case 'finished':
      return `All uploads are finished: ${news.done} done.`;
  }
}

/** {@link batchNotice} as catalog words, for the window (which speaks the user's language). */
export function batchNoticeWords(
  before: QueueState | undefined,
  after: QueueState | undefined,
): Words | undefined {
  const news = queueNews(before, after);
  if (news === undefined) return undefined;
  switch (news.kind) {
    case 'attention':
      return { key: 'queue.notice.attention', values: { count: news.count } };
    case 'finished':
      return { key: 'queue.notice.finished', values: { done: news.done } };
  }
}
