/** Starts calling `tick` every `ms` milliseconds; returns the function that stops it. */
export type Repeat = (ms: number, tick: () => void) => () => void;

/** The real timer: `setInterval`, unref'd so it never keeps a process alive on its own. */
export const repeatWithInterval: Repeat = (ms, tick) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** How often the power source and the network are read (no platform event covers either everywhere). */
export const POWER_AND_NETWORK_POLL_MS = 5000;

/** What the platform tells about the computer now. */
export type PowerAndNetworkReadings = {
  /** Whether the computer runs on battery (`powerMonitor.isOnBatteryPower()`). */
  readonly onBattery: () => boolean;
  /** Whether the computer has a network (`net.isOnline()`). */
  readonly online: () => boolean;
};

/** Who hears of the changes: the core. */
export type PowerAndNetworkListener = {
  networkChanged(): void;
  powerSourceChanged(onBattery: boolean): void;
};

/**
 * Follows the power source and the network and tells `listener` of each change once: the power
 * source at the start, then each time it flips; the network each time it comes or goes. Both are
 * read every `periodMs`: Electron's `on-battery` and `on-ac` events do not come on Windows and
 * Linux, so "Pause on battery" would never notice the plug being pulled there. `powerEvent` takes
 * those events where they do come (macOS), so a change is told at once. Returns `stop`, which
 * ends the polling.
 */
export function followPowerAndNetwork(
  read: PowerAndNetworkReadings,
  listener: PowerAndNetworkListener,
  repeat: Repeat = repeatWithInterval,
  periodMs: number = POWER_AND_NETWORK_POLL_MS,
): { readonly powerEvent: (onBattery: boolean) => void; readonly stop: () => void } {
  let onBattery = read.onBattery();
  listener.powerSourceChanged(onBattery);
  // One edge detector for both sources: macOS sends events and is polled too, the others are
  // only polled; a flip seen by both is told once.
  const powerEvent = (now: boolean) => {
    if (now === onBattery) return;
    onBattery = now;
    listener.powerSourceChanged(now);
  };
  let online = read.online();
  const stop = repeat(periodMs, () => {
    powerEvent(read.onBattery());
    const now = read.online();
    if (now !== online) {
      online = now;
      listener.networkChanged();
    }
  });
  return { powerEvent, stop };
}
