import { net, powerMonitor } from 'electron';

/** How often main checks whether the computer is online (Electron's main has no event for it). */
const ONLINE_POLL_MS = 5000;

/**
 * Wires sleep, wake and network changes to the queue: before sleep the in-flight steps are
 * journaled; on wake or when the network comes back, connections are renewed and the service
 * is probed at once. Returns the function that stops watching.
 */
export function watchPowerAndNetwork(queue: {
  suspend(): Promise<void>;
  resume(): void;
  networkChanged(): void;
}): () => void {
  const onSuspend = () => void queue.suspend();
  const onResume = () => queue.resume();
  powerMonitor.on('suspend', onSuspend);
  powerMonitor.on('resume', onResume);
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
  };
}
