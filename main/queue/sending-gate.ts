import { words } from '../../shared/i18n/words';
import {
  type UploadSchedule,
  type UploadWindow,
  uploadWindow,
} from '../../shared/domain/upload-hours';

/** How often a pause on battery looks again whether the computer is back on mains power. */
export const BATTERY_RECHECK_MS = 5000;

/** What a pause on battery says, in the queue and on stderr. */
export const ON_BATTERY_REASON = words('reason.queue.onBattery');

/**
 * Whether the engine may send now: not while on battery when the user asked to pause then
 * (`pauseOnBattery`), and only inside the upload hours (see `uploadWindow`).
 */
export function sendingGate(state: {
  readonly schedule: UploadSchedule | undefined;
  readonly now: number;
  readonly zone: string;
  readonly pauseOnBattery: boolean;
  readonly onBattery: boolean;
}): UploadWindow {
  if (state.pauseOnBattery && state.onBattery)
    return { open: false, opensAt: state.now + BATTERY_RECHECK_MS, reason: ON_BATTERY_REASON };
  return uploadWindow(state.schedule, state.now, state.zone);
}
