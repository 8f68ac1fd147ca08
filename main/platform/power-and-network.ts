import { net, powerMonitor } from 'electron';

/** How often main checks whether the computer is online (Electron's main has no event for it). */
const ONLINE_POLL_MS = 5000;

/**
 * Wires sleep, wake, battery and network changes to the queue: before sleep the in-flight steps are
 * journaled; on wake or when the network comes back, connections are renewed and the service
 * is probed at once. Returns the function that stops watching.
 */
export function watchPowerAndNetwork(queue: {
  suspend(): Promise<void>;
  resume(): void;
  networkChanged(): void;
  powerSourceChanged(onBattery: boolean): void;
}): () => void {
  const onSuspend = () => void queue.suspend();
  const onResume = () => queue.resume();
  const onBattery = () => queue.powerSourceChanged(true);
  const onMains = () => queue.powerSourceChanged(false);
  powerMonitor.on('suspend', onSuspend);
  powerMonitor.on('resume', onResume);
  powerMonitor.on('on-battery', onBattery);
  powerMonitor.on('on-ac', onMains);
  queue.powerSourceChanged(powerMonitor.isOnBatteryPower());
  let online = net.isOnline();
  const timer = setInterval(() => {
    const now = net.isOnline();
    if (now !== online) {
      online = now;
      queue.networkChanged();
    }
  }, ONLINE_POLL_MS);
  return () => {
    clearInterval(timer);
    powerMonitor.off('suspend', onSuspend);
    powerMonitor.off('resume', onResume);
    powerMonitor.off('on-battery', onBattery);
    powerMonitor.off('on-ac', onMains);
  };
}
