import { sameDescription } from '../../shared/description/description-compare';
import type { QueueItem } from './queue-schema';

// Edits of one photo's description are the same user's successive versions: they run one at a
// time, in the order they were saved, and each starts from the one before it.

/**
 * SQL condition (on the `items` table) that holds back a description edit while an earlier edit
 * of the same photo is still waiting or running: edits of one photo never run in parallel, and a
 * later one never overtakes an earlier one.
 */
export const IN_ORDER_CONDITION = `NOT (items.kind = 'description' AND EXISTS (
  SELECT 1 FROM items AS earlier WHERE earlier.kind = 'description' AND earlier.photo_id = items.photo_id
  AND earlier.id < items.id AND earlier.state = 'queued'))`;

/**
 * The base of a new description edit: the last version this user saved or saw. `earlier` are the
 * earlier edits of the same photo that wait (`queued`) or were applied (`done`), oldest first;
 * `given` is the description the user started from (null: not known, no conflict check).
 *
 * - An earlier edit still waiting will have put its description on the service by the time this
 *   one runs (they run in order), so the latest one's description is the base.
 * - After applied edits, the latest one's description as the service answered with it (else as
 *   sent) is the base when the user started from a version of their own (one they saved, one the
 *   service answered a save with, or one they started an earlier save from): from before their
 *   own last save. A base the user saw since (a colleague's change, shown later) is kept.
 *   Versions are compared with `sameDescription`: the service may keep them in its own form.
 */
export function baseAfterOwnEdits(
  earlier: readonly QueueItem[],
  given: string | null,
): string | null {
  const latest = earlier.at(-1);
  if (given === null || latest === undefined) return given;
  if (latest.state === 'queued') return latest.description;
  const ownVersions = earlier.flatMap((edit) => [
    edit.description,
    edit.base_description,
    edit.state === 'done' ? edit.service_description : null,
  ]);
  const own = ownVersions.some((version) => version !== null && sameDescription(version, given));
  return own ? appliedForm(latest) : given;
}

/** An applied edit's description as the service keeps it: as it answered, else as sent. */
export function appliedForm(edit: QueueItem): string {
  return edit.service_description ?? edit.description;
}

/**
 * SQL run once an edit is applied (parameters: the form the service keeps it in, the photo id,
 * the applied edit's id, its description as sent): the later edits of that photo that start from
 * it (saved while it waited, see `baseAfterOwnEdits`) start from the service's form instead.
 */
export const REBASE_LATER_EDITS_SQL = `UPDATE items SET base_description = ?1
  WHERE kind = 'description' AND photo_id = ?2 AND id > ?3 AND state = 'queued'
  AND base_description = ?4`;
