import { type CameraIdentity, sameCamera } from './camera-clock';

/** What one photo says about its camera's clock. */
export type ClockEvidence = {
  readonly camera: CameraIdentity;
  /** The offset already applied to this photo's wall time (0 when none). */
  readonly appliedOffsetSeconds: number;
  /** GPS time minus the photo's (corrected) capture time, in seconds. */
  readonly gpsDifferenceSeconds: number;
};

/** A suggested clock offset for one camera, with its evidence. */
export type CameraOffsetSuggestion = {
  readonly camera: CameraIdentity;
  /** The offset to save for the camera (it replaces the one applied, if any). */
  readonly offsetSeconds: number;
  /** How many photos with GPS time the suggestion rests on. */
  readonly photos: number;
  /** The largest minus the smallest disagreement among them, in seconds. */
  readonly spreadSeconds: number;
};

/** A camera whose clock disagrees with GPS by no more than this is left alone. */
export const SUGGEST_ABOVE_SECONDS = 120;
/** With a spread this large the evidence is not precise to the second: rounded to the minute. */
const ROUND_TO_MINUTE_SPREAD_SECONDS = 60;

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Offsets to suggest, one per camera whose clock disagrees with GPS time by more than 2 minutes
 * (the median disagreement of its photos). The offset is the median, added to the offset already
 * applied, rounded to the second, or to the minute when the photos disagree among themselves by
 * a minute or more. Cameras in the order their first photo comes.
 */
export function suggestCameraOffsets(evidence: readonly ClockEvidence[]): CameraOffsetSuggestion[] {
  const groups: { camera: CameraIdentity; applied: number; differences: number[] }[] = [];
  for (const photo of evidence) {
    if (!Number.isFinite(photo.gpsDifferenceSeconds)) continue;
    // Photos corrected by another offset than the group's are measured against the group's.
    let group = groups.find((candidate) => sameCamera(candidate.camera, photo.camera));
    if (group === undefined) {
      group = { camera: photo.camera, applied: photo.appliedOffsetSeconds, differences: [] };
      groups.push(group);
    }
    group.differences.push(photo.gpsDifferenceSeconds + photo.appliedOffsetSeconds - group.applied);
  }
  return groups.flatMap(({ camera, applied, differences }) => {
    const sorted = [...differences].sort((a, b) => a - b);
    const middle = median(sorted);
    if (Math.abs(middle) <= SUGGEST_ABOVE_SECONDS) return [];
    const spreadSeconds = sorted[sorted.length - 1]! - sorted[0]!;
    const unit = spreadSeconds >= ROUND_TO_MINUTE_SPREAD_SECONDS ? 60 : 1;
    const offsetSeconds = Math.round((applied + middle) / unit) * unit;
    return [{ camera, offsetSeconds, photos: sorted.length, spreadSeconds }];
  });
}
