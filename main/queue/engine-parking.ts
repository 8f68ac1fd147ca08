import { classify, type Disposition } from '../api/api-errors';
import { NetworkError } from '../http/network-error';
import type { EngineStats } from './engine-types';
import type { ItemUpdate, QueueItem } from './queue-store';

/** Whether `error` carries the HTTP `status` (an `ApiError`, say). */
export function isStatus(error: unknown, status: number): boolean {
  return (
    typeof error === 'object' && error !== null && 'status' in error && error.status === status
  );
}

/**
 * Counts in `stats` what an error says about the service (a 429, a 5xx, no answer), then
 * classifies it: what the item, or the whole engine, does next.
 */
export function countAndClassify(stats: EngineStats, error: unknown): Disposition {
  if (isStatus(error, 429)) stats.rateLimited += 1;
  else if (
    error instanceof Error &&
    'status' in error &&
    typeof error.status === 'number' &&
    error.status >= 500
  )
    stats.serverErrors += 1;
  else if (error instanceof NetworkError) stats.networkErrors += 1;
  return classify(error);
}

/**
 * The journal change that parks `item` after a failure, as `disposition` says: `rollback` (the
 * state to return to) plus when to try again, or the reason the user must act. A retry waits
 * `retryWaitMs(attempts)` unless the service said how long; a wait for the network or a sign-in
 * is due at once, since the engine as a whole waits for those.
 */
export function parkedChange(
  item: QueueItem,
  disposition: Disposition,
  rollback: ItemUpdate,
  now: number,
  retryWaitMs: (attempts: number) => number,
): ItemUpdate {
  switch (disposition.kind) {
    case 'retry':
      return {
        ...rollback,
        attempts: item.attempts + 1,
        next_attempt_at: now + (disposition.afterMs ?? retryWaitMs(item.attempts)),
      };
    case 'wait-for-network':
    case 'wait-for-sign-in':
      return { ...rollback, next_attempt_at: now };
    case 'needs-user':
      return { ...rollback, state: 'needs-attention', reason: disposition.reason };
  }
}
