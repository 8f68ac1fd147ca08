import type { QueueItem } from './queue-store';

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
 * The base of a new description edit: the last version this user saved or saw. `previous` is the
 * latest earlier edit of the same photo that is waiting (`queued`) or applied (`done`); `given`
 * is the description the user started from (null: not known, no conflict check).
 *
 * - An earlier edit still waiting will have put its description on the service by the time this
 *   one runs (they run in order), so that description is the base.
 * - An applied edit is the base when the user started from what it replaced, i.e. from before
 *   their own save; a base the user saw later (a colleague's change, shown since) is kept.
 */
export function baseAfterOwnEdit(
  previous: QueueItem | undefined,
  given: string | null,
): string | null {
  if (given === null || previous === undefined) return given;
  if (previous.state === 'queued') return previous.description;
  if (previous.state === 'done' && given === previous.base_description)
    return previous.description;
  return given;
}
