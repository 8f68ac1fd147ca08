import type { IntakeState } from '../../renderer/bridge/hooks';
import { summarize } from '../../renderer/features/intake/intake-summary';
import type { IntakeItemView } from '../../shared/ipc/views';

/**
 * The window's intake holding `items` (no run in progress), as `useIntake` gives it to the
 * screen; `remove` sees what the screen leaves out. With `done`, the run that found them is
 * over (what the screen waits for before it asks the service about copies).
 */
export function fixedIntake(
  items: readonly IntakeItemView[],
  remove: (intakeIds: ReadonlySet<number>) => void = () => undefined,
  done = false,
): IntakeState {
  return {
    items,
    summary: summarize(items),
    progress: done
      ? {
          found: items.length,
          inspected: items.length,
          photos: items.length,
          skipped: 0,
          errors: 0,
          done,
        }
      : undefined,
    add: () => Promise.resolve(),
    remove,
    clear: () => undefined,
  };
}
