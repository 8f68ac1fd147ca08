import { parentPort, workerData } from 'node:worker_threads';
import { handleMediaRequest, mediaThread } from './media-requests';
import type { WorkerRequest } from './worker-protocol';
import { lowerThisThreadPriority, threadNiceFrom } from './thread-priority';

// The media worker thread: crawls folders, reads metadata, hashes and makes thumbnails, so that
// none of it runs on the main process's event loop.

// The app core starts these threads below the window's priority (thread-priority.ts).
lowerThisThreadPriority(threadNiceFrom(workerData));

// The zone data of ICU loads on its first use, about 100 ms per thread in issue 26's profile:
// here, while the pool warms up at launch, rather than on the first photo with a GPS zone.
new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York' }).format(0);

const thread = mediaThread(workerData);
const port = parentPort;
if (port === null) throw new Error('The media worker must run in a worker thread');
port.on(
  'message',
  (request: WorkerRequest) =>
    void handleMediaRequest(request, (message) => port.postMessage(message), thread),
);
port.postMessage({ type: 'ready', id: 0 });
