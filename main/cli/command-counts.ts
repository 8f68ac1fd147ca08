import type { QueueItemView } from '../../shared/ipc/views';
import { counted, DESCRIPTION_EDITS, NEED_ATTENTION, PHOTOS } from './count-words';

/**
 * What became of the items one command worked on (its own, not the queue's history): each item
 * is in one bucket.
 */
export type CommandCounts = {
  readonly sentPhotos: number;
  readonly sentEdits: number;
  /** Done without sending: the project already had the photo. */
  readonly alreadyOnService: number;
  readonly needsAttention: number;
  /** Still to send, held by a pause (the item's, or pause all). */
  readonly paused: number;
  /** Still to send, not paused (outside the upload hours, offline, or not reached yet). */
  readonly waiting: number;
  readonly cancelled: number;
};

/** Counts the items `inScope` of the queue by what became of them (`pausedAll`: pause all holds). */
export function tally(
  items: readonly QueueItemView[],
  inScope: (item: QueueItemView) => boolean,
  pausedAll: boolean,
): CommandCounts {
  const counts = {
    sentPhotos: 0,
    sentEdits: 0,
    alreadyOnService: 0,
    needsAttention: 0,
    paused: 0,
    waiting: 0,
    cancelled: 0,
  };
  for (const item of items) {
    if (!inScope(item)) continue;
    switch (item.state) {
      case 'done':
        if (item.alreadyOnService === true) counts.alreadyOnService += 1;
        else if (item.kind === 'photo') counts.sentPhotos += 1;
        else counts.sentEdits += 1;
        break;
      case 'needs-attention':
        counts.needsAttention += 1;
        break;
      case 'cancelled':
        counts.cancelled += 1;
        break;
      case 'queued':
      case 'staged':
      case 'creating':
      case 'created':
        if (item.paused || pausedAll) counts.paused += 1;
        else counts.waiting += 1;
        break;
    }
  }
  return counts;
}

/** What is left of a command's items, e.g. `1 needs attention, 2 paused` (nothing: []). */
function leftParts(counts: CommandCounts): string[] {
  const parts: [number, string][] = [
    [counts.alreadyOnService, `${counts.alreadyOnService} already on the service`],
    [counts.needsAttention, counted(counts.needsAttention, NEED_ATTENTION)],
    [counts.paused, `${counts.paused} paused`],
    [counts.waiting, `${counts.waiting} still waiting`],
    [counts.cancelled, `${counts.cancelled} cancelled`],
  ];
  return parts.filter(([count]) => count > 0).map(([, text]) => text);
}

/**
 * The line `upload` ends with: what it queued and what became of those photos, e.g.
 * `Queued 3 photos; 3 sent.` or, queued only (nothing in `counts`), `Queued 3 photos.`
 */
export function uploadLine(added: number, alreadyQueued: number, counts: CommandCounts): string {
  const already =
    alreadyQueued > 0
      ? ` (${counted(alreadyQueued, { one: 'was', other: 'were' })} already queued)`
      : '';
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  if (total === 0) return `Queued ${counted(added, PHOTOS)}${already}.`;
  const sent = counts.sentPhotos + counts.sentEdits;
  return `Queued ${counted(added, PHOTOS)}${already}; ${[`${sent} sent`, ...leftParts(counts)].join(', ')}.`;
}

/**
 * The line `sync` ends with: what it sent and what is left of what it found to do, e.g.
 * `Sent 3 photos and 1 description edit; 1 needs attention.`
 */
export function syncLine(counts: CommandCounts): string {
  const left = leftParts(counts);
  if (counts.sentPhotos + counts.sentEdits + left.length === 0)
    return 'Nothing was waiting to be sent.';
  const sent =
    counts.sentEdits === 0
      ? counted(counts.sentPhotos, PHOTOS)
      : counts.sentPhotos === 0
        ? counted(counts.sentEdits, DESCRIPTION_EDITS)
        : `${counted(counts.sentPhotos, PHOTOS)} and ${counted(counts.sentEdits, DESCRIPTION_EDITS)}`;
  return `Sent ${sent}${left.length > 0 ? `; ${left.join(', ')}` : ''}.`;
}

/** The answers that made this command's queue wait; undefined when there were none. */
export function waitedForLine(waited: {
  readonly rateLimited: number;
  readonly serverErrors: number;
  readonly networkErrors: number;
}): string | undefined {
  if (waited.rateLimited + waited.serverErrors + waited.networkErrors === 0) return undefined;
  return `Waited for: ${counted(waited.rateLimited, { one: 'rate-limit answer', other: 'rate-limit answers' })} (429), ${counted(waited.serverErrors, { one: 'server error', other: 'server errors' })} (5xx), ${counted(waited.networkErrors, { one: 'network failure', other: 'network failures' })}.`;
}
