import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import type { ProcessingStatus } from '../api/api-schemas';
import type { ItemUpdate, QueueItem } from './queue-store';

// What the engine does while it waits on the service for one photo: how long between looks, and
// when waiting has lasted long enough that the user must decide. Pure, so the bounds are tested
// without a service.

/** Polls of a created photo: 2 s, then doubling to at most a minute. */
const FIRST_POLL_MS = 2000;
const MAX_POLL_MS = 60_000;

/**
 * How long a photo the service accepted without naming it is looked for, and how long a lost
 * create waits on a photo that may be it, before the user is asked.
 */
export const LOOKUP_BOUND_MS = 30 * 60_000;
/** How long a created photo may stay unprocessed (or of unknown status) before the user is asked. */
export const PROCESSING_BOUND_MS = 2 * 60 * 60_000;

/** The wait before poll number `attempt` (0-based): 2 s, doubling to at most a minute. */
export function pollWait(attempt: number): number {
  return Math.min(MAX_POLL_MS, FIRST_POLL_MS * 2 ** Math.min(attempt, 10));
}

/** The first poll after the service took a photo. */
export const FIRST_POLL_AFTER_CREATE_MS = FIRST_POLL_MS;

/** Waits `ms` in real time, or less if `signal` aborts; leaves no listener behind. */
export function realWait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

const REASONS = {
  'lost-answer': words('reason.queue.lostAnswer'),
  accepted: words('reason.queue.acceptedWithoutId'),
} as const;

/** Poll again later, or, once `bound` has passed since `since`, hand the item to the user. */
function pollOrAsk(
  item: QueueItem,
  since: number,
  now: number,
  bound: number,
  reason: Words,
): ItemUpdate {
  if (now - since >= bound) return { state: 'needs-attention', reason };
  return { attempts: item.attempts + 1, next_attempt_at: now + pollWait(item.attempts) };
}

/**
 * A look for the item's photo found nothing certain: `lost-answer` (a create without an answer,
 * with a photo that may be it) or `accepted` (a 2xx that named no id). Never back to `staged`:
 * only the user's Retry sends it again.
 */
export function afterUnresolvedLookup(
  item: QueueItem,
  situation: 'lost-answer' | 'accepted',
  since: number,
  now: number,
): ItemUpdate {
  return pollOrAsk(item, since, now, LOOKUP_BOUND_MS, REASONS[situation]);
}

/**
 * What the service's processing status means for a created photo. Done only on `processed` or
 * `duplicate`. A missing or unknown status is not evidence: it is polled like `pending`, with
 * backoff, and after `PROCESSING_BOUND_MS` the user is asked, because calling the photo uploaded
 * without the service's word would hide a photo it could not fetch.
 */
export function afterProcessingStatus(
  item: QueueItem,
  status: ProcessingStatus,
  since: number,
  now: number,
): ItemUpdate {
  switch (status) {
    case 'processed':
    case 'duplicate':
      // The signed address is no longer needed; it is not kept on disk.
      return {
        state: 'done',
        processing_status: status,
        reason: null,
        uri: null,
        uri_expires_at: null,
      };
    case 'processing_error':
      return {
        state: 'needs-attention',
        processing_status: status,
        reason: words('reason.queue.processingFailed'),
      };
    case 'pending':
    case 'processing':
    case 'unknown':
      return {
        processing_status: status,
        ...pollOrAsk(item, since, now, PROCESSING_BOUND_MS, words('reason.queue.notProcessed')),
      };
    default:
      return assertNever(status);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}
