import { FAR_METERS_RANGE } from '../../../shared/domain/project-distance';
import type { Words } from '../../../shared/i18n/translator';

/** The accepted range as the Settings screen's messages take it (`{min} m to {maxKm} km`). */
export const FAR_METERS_RANGE_VALUES = {
  min: FAR_METERS_RANGE.min,
  max: FAR_METERS_RANGE.max,
  maxKm: FAR_METERS_RANGE.max / 1000,
} as const;

/**
 * The far-photo threshold in metres from the Settings field, or the words saying what to write.
 * Whole metres only, as main keeps them (main checks the range again: the window is not trusted).
 */
export function farMetersFrom(
  text: string,
): { ok: true; meters: number } | { ok: false; message: Words } {
  const trimmed = text.trim();
  const meters = Number(trimmed);
  if (/^\d+$/.test(trimmed) && meters >= FAR_METERS_RANGE.min && meters <= FAR_METERS_RANGE.max)
    return { ok: true, meters };
  return {
    ok: false,
    message: {
      key: 'settings.uploading.far.problem',
      values: {
        ...FAR_METERS_RANGE_VALUES,
        given: trimmed === '' ? 'empty' : 'typed',
        text: trimmed,
      },
    },
  };
}
