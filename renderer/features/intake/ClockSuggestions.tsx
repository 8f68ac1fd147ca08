import { useMemo, useState } from 'react';
import { cameraLabel, cameraOf, withCameraOffset } from '../../../shared/domain/camera-clock';
import {
  type ClockEvidence,
  suggestCameraOffsets,
} from '../../../shared/domain/camera-offset-suggestion';
import { describeClockOffset } from '../../../shared/domain/clock-offset-words';
import type { IntakeItem } from '../../../shared/domain/intake';
import { call, useBridge } from '../../bridge/hooks';
import { useDebounced } from '../../components/use-debounced';
import { PHOTOS, plural } from '../../../shared/domain/plural';

/** What each photo's GPS time says about its camera's clock. */
function evidenceOf(items: readonly IntakeItem[]): ClockEvidence[] {
  return items.flatMap((item) => {
    if (item.status !== 'photo' || item.capture.gpsDifferenceSeconds === undefined) return [];
    const camera = cameraOf(item);
    return camera === undefined
      ? []
      : [
          {
            camera,
            appliedOffsetSeconds: item.capture.correction?.offsetSeconds ?? 0,
            gpsDifferenceSeconds: item.capture.gpsDifferenceSeconds,
          },
        ];
  });
}

/**
 * The review's suggested camera clock offsets (from the photos' GPS time), each with its
 * evidence and a button that saves it for photos added from now on.
 */
export function ClockSuggestions(props: { readonly items: readonly IntakeItem[] }) {
  const bridge = useBridge();
  // Worked out when intake pauses (at least every 1.5 s), not for every batch that streams in.
  const settled = useDebounced(props.items, 300);
  const suggestions = useMemo(() => suggestCameraOffsets(evidenceOf(settled)), [settled]);
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<string>();
  if (suggestions.length === 0) return null;
  const accept = async (camera: (typeof suggestions)[number]) => {
    const settings = await call(bridge, 'settings:get', {});
    await call(bridge, 'settings:set', {
      cameraOffsets: withCameraOffset(settings.cameraOffsets, {
        ...camera.camera,
        offsetSeconds: camera.offsetSeconds,
      }),
    });
    setSaved(new Set([...saved, cameraLabel(camera.camera)]));
  };
  return (
    <section aria-label="Suggested camera clock offsets" className="notice">
      {suggestions.map((suggestion) => {
        const label = cameraLabel(suggestion.camera);
        return (
          <p key={label}>
            The clock of {label} looks {describeClockOffset(suggestion.offsetSeconds)}: GPS time of{' '}
            {plural(suggestion.photos, PHOTOS)}, spread {suggestion.spreadSeconds} s.{' '}
            {saved.has(label) ? (
              <span role="status">Saved: photos added from now on are corrected.</span>
            ) : (
              <button
                type="button"
                onClick={() => {
                  accept(suggestion).catch((error: Error) => setMessage(error.message));
                }}
              >
                Correct {label} by this
              </button>
            )}
          </p>
        );
      })}
      {message ? <p role="alert">{message}</p> : null}
    </section>
  );
}
