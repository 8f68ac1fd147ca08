import { words } from '../../shared/i18n/words';
import type { QueueStore } from './queue-store';

/**
 * How the user settles a description conflict: keep their edit (sent over what the service has
 * now), take the service's (the edit is cancelled), or write other words (sent over it).
 */
export type ConflictChoice =
  { readonly keep: 'mine' | 'theirs' } | { readonly description: string };

/** The item is not a description edit held for a conflict (any more). */
export class NotAConflict extends Error {
  override readonly name = 'NotAConflict';
}

/** The reason kept on an edit the user dropped for the service's description. */
export const KEPT_THEIRS_REASON = words('reason.queue.keptServiceDescription');

/**
 * Settles the description conflict of item `itemId` as the user chose: the one core of the
 * window's "Keep mine" / "Keep the service's" and the command line's `retry ID --keep-mine`,
 * `--take-theirs` and `--description`. Mine and new words are queued again, in place, starting
 * from what the service had at the conflict (so they are not held again for the same change);
 * a change made on the service since is still a conflict. `description` must be clean already.
 * @throws NotAConflict when the item is not a description edit that waits for this choice.
 */
export function resolveConflict(
  store: Pick<QueueStore, 'get' | 'update'>,
  itemId: number,
  choice: ConflictChoice,
): void {
  const item = store.get(itemId);
  if (
    item === undefined ||
    item.kind !== 'description' ||
    item.state !== 'needs-attention' ||
    item.service_description === null
  )
    throw new NotAConflict(`Queue item ${itemId} is not a description conflict.`);
  if ('keep' in choice && choice.keep === 'theirs') {
    store.update(itemId, { state: 'cancelled', reason: KEPT_THEIRS_REASON });
    return;
  }
  store.update(itemId, {
    ...('description' in choice ? { description: choice.description } : {}),
    state: 'queued',
    base_description: item.service_description,
    service_description: null,
    reason: null,
    attempts: 0,
    next_attempt_at: 0,
    waiting_since: null,
  });
}
