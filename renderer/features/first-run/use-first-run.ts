import { useCallback, useEffect, useState } from 'react';
import type { SessionView, SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { type FirstRunStep, firstRunPlan } from './first-run-steps';

/** Whether the window shows the first-run guide: still deciding, the guide, or the app. */
export type FirstRunState =
  | { readonly kind: 'deciding' }
  | {
      readonly kind: 'guide';
      readonly plan: readonly FirstRunStep[];
      readonly settings: SettingsView;
      readonly session: SessionView;
    }
  | { readonly kind: 'app' };

/**
 * Decides once, when the window opens (the settings and the first session are known), whether
 * it opens on the guide ({@link firstRunPlan}); `close` ends the guide for this window.
 */
export function useFirstRun(session: SessionView | undefined): {
  readonly state: FirstRunState;
  readonly close: () => void;
  /** Decides again from the settings now (a setup file was dropped on the window meanwhile). */
  readonly reconsider: () => void;
} {
  const bridge = useBridge();
  const [decided, setDecided] = useState<
    { plan: readonly FirstRunStep[]; settings: SettingsView } | 'app'
  >();
  const known = session !== undefined;
  useEffect(() => {
    if (!known || decided !== undefined) return;
    call(bridge, 'settings:get', {})
      .then((settings) => {
        // Decided on the session of this moment: a later sign-out does not reopen the guide.
        setDecided((earlier) => {
          if (earlier !== undefined || session === undefined) return earlier;
          const plan = firstRunPlan(settings, session);
          return plan === undefined ? 'app' : { plan, settings };
        });
      })
      // Without settings there is nothing to guide through: the app says what is wrong.
      .catch(() => setDecided('app'));
  }, [bridge, known, decided, session]);
  const close = useCallback(() => setDecided('app'), []);
  const reconsider = useCallback(
    () => setDecided((earlier) => (earlier === 'app' ? earlier : undefined)),
    [],
  );
  const state: FirstRunState =
    decided === undefined || session === undefined
      ? { kind: 'deciding' }
      : decided === 'app'
        ? { kind: 'app' }
        : { kind: 'guide', plan: decided.plan, settings: decided.settings, session };
  return { state, close, reconsider };
}
