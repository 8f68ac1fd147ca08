import { net, powerMonitor } from 'electron';
import { followPowerAndNetwork } from '../desktop/power-watch';

/**
 * Wires sleep, wake, battery and network changes to the queue: before sleep the in-flight steps are
 * journaled; on wake or when the network comes back, connections are renewed and the service
 * is probed at once. What counts as a change is decided by `followPowerAndNetwork`. Returns the
 * function that stops watching.
 */
export function watchPowerAndNetwork(queue: {
  suspend(): Promise<void>;
  resume(): void;
  networkChanged(): void;
  powerSourceChanged(onBattery: boolean): void;
}): () => void {
  const onSuspend = () => void queue.suspend();
  const onResume = () => queue.resume();
  const following = followPowerAndNetwork(
    { onBattery: () => powerMonitor.isOnBatteryPower(), online: () => net.isOnline() },
    queue,
  );
  const onBattery = () => following.powerEvent(true);
  const onMains = () => following.powerEvent(false);
  powerMonitor.on('suspend', onSuspend);
  powerMonitor.on('resume', onResume);
  powerMonitor.on('on-battery', onBattery);
  powerMonitor.on('on-ac', onMains);
  return () => {
    following.stop();
    powerMonitor.off('suspend', onSuspend);
    powerMonitor.off('resume', onResume);
    powerMonitor.off('on-battery', onBattery);
    powerMonitor.off('on-ac', onMains);
  };
}
