import type { MapIndexPort } from './map-index-client';
import type { MapIndexAnswer } from './map-index-messages';

/**
 * The failure a worker that cannot run answers with (for developers: the panel says it in the
 * window's words, `map.indexFailed`).
 */
export const WORKER_FAILED =
  'The map could not place the photos; the counts above are still right.';

/** The real worker, bundled as map-worker.js beside the window's main.js. */
export function startMapWorker(): MapIndexPort {
  const worker = new Worker(new URL('./map-worker.js', import.meta.url), {
    type: 'module',
    name: 'map-index',
  });
  const port: MapIndexPort = {
    postMessage: (request) => worker.postMessage(request),
    onmessage: null,
    terminate: () => worker.terminate(),
  };
  worker.onmessage = (event: MessageEvent<unknown>) => port.onmessage?.(event);
  // A worker that cannot start (or dies) answers as a failed one would: the panel says so.
  worker.onerror = () =>
    port.onmessage?.({ data: { kind: 'failed', message: WORKER_FAILED } satisfies MapIndexAnswer });
  return port;
}
