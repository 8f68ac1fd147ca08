import { basename } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { handleMediaRequest, mediaThread } from '../../main/media/media-requests';
import type { WorkerRequest, WorkerResponse } from '../../main/media/worker-protocol';

// A media worker that answers with the real handler but never reports a file named with
// "forgot", and, before saying a request is done, reports files that are not in it (indexes
// outside it, or not whole numbers): a worker that breaks its side of the protocol.
const port = parentPort!;
const thread = mediaThread(workerData);
port.on('message', (request: WorkerRequest) => {
  const send = (message: WorkerResponse) => {
    if (message.type === 'result' && basename(message.result.path).includes('forgot')) return;
    if (message.type === 'done' && request.type === 'inspect')
      for (const index of [-1, request.files.length, 0.5])
        port.postMessage({
          type: 'result',
          id: request.id,
          index,
          result: { status: 'skipped', path: `/ghost-${index}.jpg`, reason: { key: 'ghost' } },
        });
    port.postMessage(message);
  };
  void handleMediaRequest(request, send, thread);
});
port.postMessage({ type: 'ready', id: 0 });
