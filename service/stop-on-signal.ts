import type { RunningPhotoService } from './photo-service';

/** Closes the service on SIGINT or SIGTERM and exits: 0 when it closed cleanly, 1 otherwise. */
export function stopOnSignal(service: RunningPhotoService): void {
  const stop = () => {
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
