import { useEffect, useState } from 'react';
import type { IntakeItemView, ServiceCopyView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useErrorWords } from '../../i18n/use-error-words';

/** Waits this long after the list or the project last changed before asking main. */
const SETTLE_MS = 300;

/** Photos of the review list that are already on the service, by intake id, and what went wrong. */
export type ServiceCopies = {
  readonly copies: ReadonlyMap<number, ServiceCopyView>;
  /** Set when the service could not be asked (signed out, offline); the queue checks again. */
  readonly problem: string | undefined;
};

/** Nothing known yet (one object, so that setting it again does not render). */
const NOTHING_KNOWN: ServiceCopies = { copies: new Map(), problem: undefined };

/**
 * Asks main which of `photos` are already on the service for `projectId` (in that project, or in
 * another one this computer uploaded them to), again whenever the project or the list changes,
 * once intake is done.
 */
export function useServiceCopies(
  projectId: string | undefined,
  photos: readonly IntakeItemView[],
  intakeDone: boolean,
): ServiceCopies {
  const bridge = useBridge();
  const sayError = useErrorWords();
  const [state, setState] = useState<ServiceCopies>(NOTHING_KNOWN);
  // The list changes with every batch while intake streams in; it is asked about once intake
  // is done (and again when the project or the list changes after that).
  const asked = intakeDone && projectId !== undefined && photos.length > 0;
  useEffect(() => {
    // The same object when nothing was known: no render for each batch that arrives.
    setState(NOTHING_KNOWN);
    if (!asked || projectId === undefined) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      const intakeIds = photos.map((photo) => photo.intakeId);
      call(bridge, 'photos:find-copies', { projectId, intakeIds })
        .then((found) => {
          if (current)
            setState({
              copies: new Map(found.copies.map((copy) => [copy.intakeId, copy])),
              problem: undefined,
            });
        })
        .catch((error: unknown) => {
          if (current) setState({ copies: new Map(), problem: sayError(error) });
        });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // While intake streams, `asked` is false: a new list then only re-runs this to return early.
  }, [bridge, projectId, photos, asked, sayError]);
  return state;
}
