import { sameDescription } from '../../shared/description/description-compare';
import { words } from '../../shared/i18n/words';
import type { PhotoServiceClient } from '../api/photo-service-client';
import type { ItemUpdate, QueueItem } from './queue-store';

/** How often a description edit is tried when the service does not say the current description. */
const DESCRIBE_UNKNOWN_LIMIT = 5;

/** Where a description edit stands after one try: settled by `change`, or to be tried later. */
export type DescriptionEditStep =
  { readonly kind: 'settled'; readonly change: ItemUpdate } | { readonly kind: 'retry-later' };

/**
 * One try of a description edit (a queue item of kind `description`): applied only if the
 * service still has what the user started from (compared with `sameDescription`); a change made
 * there since is a conflict for the user, never overwritten. Once applied, `service_description`
 * keeps the description as the service answered with it (or as sent, when the answer did not
 * say it).
 * @throws what the client throws (`ApiError`, `NetworkError`, `AuthRequiredError`), for the
 * engine to classify.
 */
export async function tryDescriptionEdit(
  api: Pick<PhotoServiceClient, 'getPhoto' | 'setDescription'>,
  item: QueueItem,
  signal?: AbortSignal,
): Promise<DescriptionEditStep> {
  const current = await api.getPhoto(item.photo_id ?? '', signal);
  if (item.base_description !== null && current.description === undefined) {
    // The answer did not say what the description is now: sending could overwrite a colleague's.
    if (item.attempts + 1 >= DESCRIBE_UNKNOWN_LIMIT) {
      return {
        kind: 'settled',
        change: {
          state: 'needs-attention',
          reason: words('reason.queue.descriptionUnknown'),
        },
      };
    }
    return { kind: 'retry-later' };
  }
  // Compared in one normal form: a service that keeps HTML its own way (`<b>` as `<strong>`)
  // has not changed the description by doing so.
  const now = current.description;
  const alreadyThere = now !== undefined && sameDescription(now, item.description);
  const changedSince =
    item.base_description !== null &&
    now !== undefined &&
    !sameDescription(now, item.base_description);
  if (changedSince && !alreadyThere) {
    return {
      kind: 'settled',
      change: {
        state: 'needs-attention',
        reason: words('reason.queue.descriptionConflict'),
        service_description: current.description ?? null,
      },
    };
  }
  // Any 2xx replaced it, whatever the answer's body said. What the service answered with (else
  // what was sent) is kept: the base of the user's next edit of this photo.
  const kept =
    alreadyThere && now !== undefined
      ? now
      : ((await api.setDescription(item.photo_id ?? '', item.description, signal)).description ??
        item.description);
  return {
    kind: 'settled',
    change: { state: 'done', reason: null, service_description: kept },
  };
}
