import { FAR_METERS_RANGE } from '../../../shared/domain/project-distance';

/** The accepted range as the Settings screen words it. */
export const FAR_METERS_RANGE_TEXT = `${FAR_METERS_RANGE.min} m to ${(
  FAR_METERS_RANGE.max / 1000
).toLocaleString('en')} km`;

/**
 * The far-photo threshold in metres from the Settings field, or a sentence saying what to write.
 * Whole metres only, as main keeps them (main checks the range again: the window is not trusted).
 */
export function farMetersFrom(
  text: string,
): { ok: true; meters: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  const meters = Number(trimmed);
  if (/^\d+$/.test(trimmed) && meters >= FAR_METERS_RANGE.min && meters <= FAR_METERS_RANGE.max)
    return { ok: true, meters };
  const refused = trimmed === '' ? 'it is empty' : `"${trimmed}" is not one`;
  return {
    ok: false,
    message: `The far-photo distance must be a whole number of metres from ${FAR_METERS_RANGE_TEXT} (${FAR_METERS_RANGE.min} to ${FAR_METERS_RANGE.max}): ${refused}.`,
  };
}
