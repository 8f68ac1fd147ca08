import { useEffect, useRef, useState } from 'react';
import {
  hasTemplateTokens,
  templateProblemWords,
} from '../../../shared/domain/description-template';
import type { IpcCallInput } from '../../../shared/ipc/bridge';
import type { PreviewedDescription } from '../../../shared/ipc/plan-view';
import { call, useBridge } from '../../bridge/hooks';
import { useDebounced } from '../../components/use-debounced';

/** How many photos the batch's template preview shows, each with its own description. */
export const PREVIEWED_PHOTOS = 3;

/** What a preview asks for: the batch's photos and fields, less the template. */
export type PreviewRequest = Omit<
  IpcCallInput<'queue:preview-descriptions'>,
  'descriptionTemplate'
>;

/** Typing settles for this long before main is asked again. */
const SETTLE_MS = 250;

/**
 * The descriptions the first photos to upload would be sent with, asked of main
 * (`queue:preview-descriptions`: the core's own rendering) once the batch's template settles.
 * Undefined while the description has no tokens, names an unknown one (said under the editor),
 * or there are no photos: the editor then previews the description as it is. An answer for an
 * earlier template or batch is ignored; a failed ask shows no per-photo preview.
 */
export function useDescriptionPreviews(
  template: string,
  request: PreviewRequest | undefined,
): readonly PreviewedDescription[] | undefined {
  const bridge = useBridge();
  const wanted =
    request !== undefined &&
    request.intakeIds.length > 0 &&
    hasTemplateTokens(template) &&
    templateProblemWords(template) === undefined
      ? { ...request, descriptionTemplate: template }
      : undefined;
  const key = wanted === undefined ? '' : JSON.stringify(wanted);
  const settled = useDebounced(key, SETTLE_MS);
  // The request the settled key was made from: read in the effect, which runs on keys only.
  const latest = useRef(wanted);
  latest.current = wanted;
  const [shown, setShown] = useState<{
    readonly key: string;
    readonly photos: readonly PreviewedDescription[];
  }>();

  useEffect(() => {
    const asked = latest.current;
    if (settled === '' || asked === undefined || JSON.stringify(asked) !== settled) return;
    let current = true;
    call(bridge, 'queue:preview-descriptions', asked)
      .then(({ photos }) => {
        if (current) setShown({ key: settled, photos });
      })
      .catch(() => {
        if (current) setShown(undefined);
      });
    return () => {
      current = false;
    };
  }, [bridge, settled]);

  // Until the new answer comes, the last one for the same kind of ask stays (no flicker while
  // typing); none is shown once the description has no tokens.
  return key === '' ? undefined : shown?.photos;
}
