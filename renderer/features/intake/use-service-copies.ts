import { useEffect, useMemo, useState } from 'react';
import type { IntakeItemView, ServiceCopyView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';

/** Waits this long after the list or the project last changed before asking main. */
const SETTLE_MS = 300;

/** Photos of the review list that are already on the service, by intake id, and what went wrong. */
export type ServiceCopies = {
  readonly copies: ReadonlyMap<number, ServiceCopyView>;
  /** Set when the service could not be asked (signed out, offline); the queue checks again. */
  readonly problem: string | undefined;
};

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
  const [state, setState] = useState<ServiceCopies>({ copies: new Map(), problem: undefined });
  // Joined once per list, not on every render (20 000 ids while the user types).
  const key = useMemo(() => photos.map((photo) => photo.intakeId).join(','), [photos]);
  useEffect(() => {
    setState({ copies: new Map(), problem: undefined });
    if (projectId === undefined || !intakeDone || key === '') return undefined;
    let current = true;
    const timer = setTimeout(() => {
      const intakeIds = key.split(',').map(Number);
      call(bridge, 'photos:find-copies', { projectId, intakeIds })
        .then((found) => {
          if (current)
            setState({
              copies: new Map(found.copies.map((copy) => [copy.intakeId, copy])),
              problem: undefined,
            });
        })
        .catch((error: Error) => {
          if (current) setState({ copies: new Map(), problem: error.message });
        });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [bridge, projectId, key, intakeDone]);
  return state;
}
