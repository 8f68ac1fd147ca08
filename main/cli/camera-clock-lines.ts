import { cameraLabel, cameraOf } from '../../shared/domain/camera-clock';
import {
  type ClockEvidence,
  suggestCameraOffsets,
} from '../../shared/domain/camera-offset-suggestion';
import { describeClockOffset, formatClockOffset } from '../../shared/domain/clock-offset-words';
import type { IntakeItem } from '../../shared/domain/intake';
import { printable } from '../../shared/domain/printable-text';
import { counted, PHOTOS } from './count-words';

/** What a photo's GPS time says about its camera's clock, for the offset suggestions. */
export function clockEvidence(item: IntakeItem): ClockEvidence | undefined {
  if (item.status !== 'photo' || item.capture.gpsDifferenceSeconds === undefined) return undefined;
  const camera = cameraOf(item);
  if (camera === undefined) return undefined;
  return {
    camera,
    appliedOffsetSeconds: item.capture.correction?.offsetSeconds ?? 0,
    gpsDifferenceSeconds: item.capture.gpsDifferenceSeconds,
  };
}

/** One line per suggested offset, with its evidence and the flag that saves it. */
export function suggestionLines(evidence: readonly ClockEvidence[]): string[] {
  return suggestCameraOffsets(evidence).map((suggestion) => {
    const name = printable(cameraLabel(suggestion.camera));
    const flagName = `${suggestion.camera.make} / ${suggestion.camera.model}${suggestion.camera.serial ? ` #${suggestion.camera.serial}` : ''}`;
    return `suggested clock offset for ${name}: ${describeClockOffset(suggestion.offsetSeconds)} (GPS time of ${counted(suggestion.photos, PHOTOS)}, spread ${suggestion.spreadSeconds} s); save it with --camera-offset "${printable(flagName)}=${formatClockOffset(suggestion.offsetSeconds)}"`;
  });
}
