import type { QueueItemView } from '../../../shared/ipc/views';

/**
 * Items queued within this long of the one before them, for the same project, are one batch. A
 * batch is queued in chunks (each with its own time), so one exact time would split it.
 */
export const BATCH_GAP_MS = 2 * 60_000;

/** The look of an item's state, coarser than the queue's own states. */
export type StateTone = 'waiting' | 'working' | 'done' | 'attention' | 'paused' | 'cancelled';

/** How many items of a batch are in each tone. */
export type ToneCounts = Readonly<Record<StateTone, number>>;

/** One batch: what the group header shows. */
export type QueueGroup = {
  /** Stable while the batch lives: its newest item's id. */
  readonly key: string;
  /** The project of a photo batch; undefined for description edits (their own group). */
  readonly projectId: string | undefined;
  readonly kind: QueueItemView['kind'];
  /** When its first item was queued (Unix ms). */
  readonly queuedAt: number;
  readonly counts: ToneCounts;
  readonly size: number;
  /** Bytes of the batch's photos (cancelled ones aside), and how many of them are sent. */
  readonly bytes: { readonly total: number; readonly sent: number };
};

/** A row of the queue list: a batch's header, or one of its items. */
export type QueueRow =
  | { readonly type: 'group'; readonly group: QueueGroup }
  | { readonly type: 'item'; readonly item: QueueItemView; readonly groupKey: string };

/** The tone an item is shown with (colour and icon). */
export function stateTone(item: QueueItemView): StateTone {
  if (item.state === 'cancelled') return 'cancelled';
  if (item.state === 'needs-attention') return 'attention';
  if (item.state === 'done') return 'done';
  if (item.paused) return 'paused';
  return item.state === 'queued' ? 'waiting' : 'working';
}

const NO_COUNTS: ToneCounts = {
  waiting: 0,
  working: 0,
  done: 0,
  attention: 0,
  paused: 0,
  cancelled: 0,
};

/**
 * The queue as rows, newest batch first: a header per batch, then its items (newest first). A
 * batch is a run of items of one project (or of description edits) queued no more than
 * `BATCH_GAP_MS` apart. One pass after one sort: 20,000 items take a few milliseconds.
 */
export function groupQueue(items: readonly QueueItemView[]): readonly QueueRow[] {
  const sorted = [...items].sort((a, b) => b.queuedAt - a.queuedAt || b.id - a.id);
  const rows: QueueRow[] = [];
  let header = -1;
  let members: QueueItemView[] = [];
  const close = () => {
    const first = members[0];
    if (first === undefined) return;
    const counts: Record<StateTone, number> = { ...NO_COUNTS };
    const bytes = { total: 0, sent: 0 };
    for (const member of members) {
      counts[stateTone(member)] += 1;
      if (member.state === 'cancelled') continue;
      bytes.total += member.size ?? 0;
      bytes.sent += bytesSent(member);
    }
    const oldest = members[members.length - 1] ?? first;
    const key = `batch-${first.id}`;
    rows[header] = {
      type: 'group',
      group: {
        key,
        projectId: first.kind === 'photo' ? first.projectId : undefined,
        kind: first.kind,
        queuedAt: oldest.queuedAt,
        counts,
        size: members.length,
        bytes,
      },
    };
    for (const member of members) rows.push({ type: 'item', item: member, groupKey: key });
    members = [];
  };
  for (const item of sorted) {
    const last = members[members.length - 1];
    const sameBatch =
      last !== undefined &&
      last.kind === item.kind &&
      last.projectId === item.projectId &&
      last.queuedAt - item.queuedAt <= BATCH_GAP_MS;
    if (!sameBatch) {
      close();
      header = rows.length;
      // A place for the header, filled in once the batch's counts are known.
      rows.push({ type: 'group', group: EMPTY_GROUP });
    }
    members.push(item);
  }
  close();
  return rows;
}

const EMPTY_GROUP: QueueGroup = {
  key: '',
  projectId: undefined,
  kind: 'photo',
  queuedAt: 0,
  counts: NO_COUNTS,
  size: 0,
  bytes: { total: 0, sent: 0 },
};

/**
 * How much of a photo the photo host has: all of it once staged (and on to done), what was sent
 * so far while it uploads, none while it waits or needs attention.
 */
export function bytesSent(item: QueueItemView): number {
  const size = item.size ?? 0;
  switch (item.state) {
    case 'staged':
    case 'creating':
    case 'created':
    case 'done':
      return size;
    case 'queued':
      return Math.min(item.bytesSent ?? 0, size);
    case 'needs-attention':
    case 'cancelled':
      return 0;
  }
}

/** The rows left to show when the batches keyed in `collapsed` show their header only. */
export function visibleRows(
  rows: readonly QueueRow[],
  collapsed: ReadonlySet<string>,
): readonly QueueRow[] {
  if (collapsed.size === 0) return rows;
  return rows.filter((row) => row.type === 'group' || !collapsed.has(row.groupKey));
}
