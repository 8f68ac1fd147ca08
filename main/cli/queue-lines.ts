import { type QueueItemState, type QueueItemView, queueItemStates } from '../../shared/ipc/views';
import { printable } from '../../shared/domain/printable-text';
import { counted, NEED_ATTENTION } from './count-words';

/** How many queue items are in each state. */
export type Counts = Readonly<Record<QueueItemState, number>>;

/**
 * The one-line summary that `sync` and `queue` end with, e.g.
 * `3 done, 1 waiting, 0 need attention, 0 cancelled`.
 */
export function summary(counts: Counts): string {
  const waiting = counts.queued + counts.staged + counts.creating + counts.created;
  return `${counts.done} done, ${waiting} waiting, ${counted(counts['needs-attention'], NEED_ATTENTION)}, ${counts.cancelled} cancelled`;
}

/** Counts `items` by state; every state is present, with 0 where no item is in it. */
export function countStates(items: readonly QueueItemView[]): Counts {
  const counts = Object.fromEntries(queueItemStates.map((state) => [state, 0])) as Record<
    QueueItemState,
    number
  >;
  for (const item of items) counts[item.state] += 1;
  return counts;
}

/** Where an item is, for one line of output (its path, else its photo id, else its item id). */
export function itemName(item: QueueItemView): string {
  return printable(item.path ?? item.photoId ?? String(item.id));
}
