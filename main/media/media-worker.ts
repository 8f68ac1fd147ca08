import { parentPort } from 'node:worker_threads';
import { handleMediaRequest } from './media-requests';
import type { WorkerRequest } from './worker-protocol';

// The media worker thread: crawls folders, reads metadata, hashes and makes thumbnails, so that
// none of it runs on the main process's event loop.
const port = parentPort;
if (port === null) throw new Error('The media worker must run in a worker thread');
port.on(
  'message',
  (request: WorkerRequest) =>
    void handleMediaRequest(request, (message) => port.postMessage(message)),
);
port.postMessage({ type: 'ready', id: 0 });
