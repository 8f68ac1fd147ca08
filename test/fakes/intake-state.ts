import type { IntakeState } from '../../renderer/bridge/hooks';
import { summarize } from '../../renderer/features/intake/intake-summary';
import type { IntakeItemView } from '../../shared/ipc/views';

/**
 * The window's intake holding `items` (no run in progress), as `useIntake` gives it to the
 * screen; `remove` sees what the screen leaves out.
 */
export function fixedIntake(
  items: readonly IntakeItemView[],
  remove: (intakeIds: ReadonlySet<number>) => void = () => undefined,
): IntakeState {
  return {
    items,
    summary: summarize(items),
    progress: undefined,
    add: () => Promise.resolve(),
    remove,
    clear: () => undefined,
  };
}
