import type { z } from 'zod';
import type { Words } from './translator';
import { words, wordsSchema } from './words';

/**
 * Reasons that cross the boundary both ways (issue 24 §2): why a photo was left out of an upload,
 * said by the window or the command line and kept by main, as {@link Words}.
 */

/**
 * A distance as a message takes it: metres under 1 km, kilometres with one decimal under 100 km,
 * whole kilometres beyond (as `formatDistance`), so each language formats the number its own way.
 */
export function distanceValues(meters: number): { distance: number; unit: 'm' | 'km' | 'wholeKm' } {
  if (meters < 1000) return { distance: Math.round(meters), unit: 'm' };
  const km = meters / 1000;
  return km < 100
    ? { distance: Math.round(km * 10) / 10, unit: 'km' }
    : { distance: Math.round(km), unit: 'wholeKm' };
}

/** A photo taken far from its project, and the project nearest to it when there is one. */
export type FarFromProject = {
  readonly meters: number;
  readonly projectName: string;
  readonly nearest?: { readonly name: string; readonly meters: number } | null | undefined;
};

/** Why a far photo is flagged or left out: "Taken 1.2 km from … The nearest project is …". */
export function farWords(far: FarFromProject): Words {
  const { distance, unit } = distanceValues(far.meters);
  if (!far.nearest) return words('reason.intake.far', { distance, unit, project: far.projectName });
  const nearest = distanceValues(far.nearest.meters);
  return words('reason.intake.farNearest', {
    distance,
    unit,
    project: far.projectName,
    nearest: far.nearest.name,
    nearestDistance: nearest.distance,
    nearestUnit: nearest.unit,
  });
}

/** Why the photos of a subfolder the user left out are not uploaded. */
export const FOLDER_LEFT_OUT: Words = words('reason.intake.folderLeftOut');

/**
 * A reason the window gives for leaving a photo or a subfolder out (`queue:add-photos`): words of
 * the catalogs, and only an intake reason's (the window is not trusted to name any message).
 */
export const leftOutReasonSchema = wordsSchema.refine(
  (said) => said.key.startsWith('reason.intake.'),
  { message: 'not a reason for leaving a photo out' },
  // Typed as taking `Words` so that a front end passes the words it made as they are; values that
  // JSON would not carry (dates, booleans) are refused when checked, as any other bad input.
) as unknown as z.ZodType<Words, Words>;

/** Whether two reasons say the same thing (the same key and values). */
export function sameWords(a: Words, b: Words): boolean {
  if (a.key !== b.key) return false;
  const left = Object.entries(a.values ?? {});
  const right = b.values ?? {};
  return (
    left.length === Object.keys(right).length &&
    left.every(([name, value]) => right[name] === value)
  );
}
