/**
 * The map's Web Worker (bundled beside the window's main.js as map-worker.js, same origin, so the
 * policy's `worker-src 'self'` admits it): it builds the cluster index and answers view queries
 * off the window's main thread. Every message is checked before use, and a failure is answered,
 * never thrown away silently.
 */
import { answerMapIndexRequest, emptyClusterIndexState } from './map-cluster-index';
import { mapIndexRequestSchema, type MapIndexAnswer } from './map-index-messages';

const state = emptyClusterIndexState();

/** The worker's global scope, as far as this worker uses it. */
const scope: {
  postMessage(answer: MapIndexAnswer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
} = globalThis;

scope.addEventListener('message', (event) => {
  const request = mapIndexRequestSchema.safeParse(event.data);
  if (!request.success) {
    scope.postMessage({ kind: 'failed', message: 'The map received a request it does not know.' });
    return;
  }
  try {
    scope.postMessage(answerMapIndexRequest(state, request.data));
  } catch {
    scope.postMessage({ kind: 'failed', message: 'The map could not place the photos.' });
  }
});
