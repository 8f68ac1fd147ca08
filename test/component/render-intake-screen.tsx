import type { UploaderBridge } from '../../shared/ipc/bridge';
import { IntakeScreen } from '../../renderer/features/intake/IntakeScreen';
import type { IntakeItemView } from '../../shared/ipc/views';
import { fixedIntake } from '../fakes/intake-state';
import { renderWithBridge } from './render-with-bridge';

/**
 * Renders the Add photos screen holding `items` (no run in progress) on `bridge`. `remove` sees
 * what the screen leaves out; `onQueued` hears the message it shows once a batch is queued.
 */
export function renderIntakeScreen(
  items: readonly IntakeItemView[],
  bridge: UploaderBridge<File>,
  options: {
    readonly assumedZone?: string;
    readonly remove?: (intakeIds: ReadonlySet<number>) => void;
    readonly onQueued?: (message: string) => void;
    /** The intake run is over (the screen then looks for copies on the service). */
    readonly done?: boolean;
  } = {},
): void {
  renderWithBridge(
    <IntakeScreen
      intake={fixedIntake(items, options.remove, options.done)}
      assumedZone={options.assumedZone ?? 'UTC'}
      onZoneChange={() => undefined}
      onQueued={options.onQueued ?? (() => undefined)}
    />,
    bridge,
  );
}
