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
 * The base of a new description edit: the last version this user saved or saw. `earlier` are the
 * earlier edits of the same photo that wait (`queued`) or were applied (`done`), oldest first;
 * `given` is the description the user started from (null: not known, no conflict check).
 *
 * - An earlier edit still waiting will have put its description on the service by the time this
 *   one runs (they run in order), so the latest one's description is the base.
 * - After applied edits, the latest one's description is the base when the user started from a
 *   version of their own (one they saved, or started an earlier save from): from before their
 *   own last save. A base the user saw since (a colleague's change, shown later) is kept.
 */
export function baseAfterOwnEdits(
  earlier: readonly QueueItem[],
  given: string | null,
): string | null {
  const latest = earlier.at(-1);
  if (given === null || latest === undefined) return given;
  if (latest.state === 'queued') return latest.description;
  const ownVersions = earlier.flatMap((edit) => [edit.description, edit.base_description]);
  return ownVersions.includes(given) ? latest.description : given;
}
