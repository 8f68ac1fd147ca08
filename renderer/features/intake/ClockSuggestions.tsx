import { Timer } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cameraLabel, cameraOf, withCameraOffset } from '../../../shared/domain/camera-clock';
import {
  type ClockEvidence,
  suggestCameraOffsets,
} from '../../../shared/domain/camera-offset-suggestion';
import type { IntakeItem } from '../../../shared/domain/intake';
import { call, useBridge } from '../../bridge/hooks';
import { useDebounced } from '../../components/use-debounced';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { SPACE } from '../../i18n/inline-space';

/** A clock offset in seconds as the suggestion's message takes it: which way, and how much. */
function offsetValues(offsetSeconds: number) {
  let rest = Math.abs(Math.round(offsetSeconds));
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  return {
    direction: offsetSeconds > 0 ? 'behind' : offsetSeconds < 0 ? 'ahead' : 'right',
    hours,
    minutes,
    seconds: rest - minutes * 60,
  };
}

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
  const t = useT();
  const sayError = useErrorWords();
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
    <section aria-label={t('intake.clock.region')} className="notice callout clock-suggestions">
      <Timer aria-hidden="true" className="callout-icon" />
      <div>
        {suggestions.map((suggestion) => {
          const label = cameraLabel(suggestion.camera);
          return (
            <p key={label}>
              {t('intake.clock.suggestion', {
                camera: label,
                ...offsetValues(suggestion.offsetSeconds),
                count: suggestion.photos,
                spread: suggestion.spreadSeconds,
              })}
              {SPACE}
              {saved.has(label) ? (
                <span role="status">{t('intake.clock.saved')}</span>
              ) : (
                <button
                  type="button"
                  onClick={() => {
                    accept(suggestion).catch((error: unknown) => setMessage(sayError(error)));
                  }}
                >
                  {t('intake.clock.correct', { camera: label })}
                </button>
              )}
            </p>
          );
        })}
        {message ? <p role="alert">{message}</p> : null}
      </div>
    </section>
  );
}
