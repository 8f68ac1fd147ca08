import type { IntakeItemView } from '../../../shared/ipc/views';
import type { FarChoice } from './FarPhotos';
import type { FarFlag } from './use-far-photos';

/** How a batch is split by the user's choice for its far photos. */
export type FarPlan = {
  /** Photos queued for the chosen project (left-out ones included: the queue records why). */
  readonly stay: readonly IntakeItemView[];
  /** Far photos left out, with what made them far. */
  readonly leftOut: readonly { readonly intakeId: number; readonly flag: FarFlag }[];
  /** Far photos moved, grouped by the nearest project they go to. */
  readonly moved: readonly { readonly projectId: string; readonly photos: IntakeItemView[] }[];
};

/**
 * Splits `photos` by `choice`: uploaded anyway (all stay), left out (far ones stay in the call,
 * listed as left out, so the report names them), or moved (each far photo with a suggestion goes
 * to its nearest project; one without a suggestion stays).
 */
export function farPlan(
  photos: readonly IntakeItemView[],
  far: ReadonlyMap<number, FarFlag>,
  choice: FarChoice,
): FarPlan {
  if (choice === 'upload' || far.size === 0) return { stay: photos, leftOut: [], moved: [] };
  if (choice === 'leave-out')
    return {
      stay: photos,
      leftOut: photos.flatMap((item) => {
        const flag = far.get(item.intakeId);
        return flag ? [{ intakeId: item.intakeId, flag }] : [];
      }),
      moved: [],
    };
  const stay: IntakeItemView[] = [];
  const groups = new Map<string, IntakeItemView[]>();
  for (const item of photos) {
    const nearest = far.get(item.intakeId)?.nearest;
    if (nearest === undefined) stay.push(item);
    else groups.set(nearest.id, [...(groups.get(nearest.id) ?? []), item]);
  }
  return {
    stay,
    leftOut: [],
    moved: [...groups].map(([projectId, grouped]) => ({ projectId, photos: grouped })),
  };
}
