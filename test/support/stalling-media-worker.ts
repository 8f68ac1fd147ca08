import { basename } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { handleMediaRequest, inspectOne } from '../../main/media/media-requests';
import type { WorkerRequest, WorkerResponse } from '../../main/media/worker-protocol';

// A media worker that hangs forever on any file whose name contains "stall" (a stand-in for a
// stuck network drive); everything else is served by the real handler.
const port = parentPort!;
const send = (message: WorkerResponse) => port.postMessage(message);
port.on('message', (request: WorkerRequest) => {
  if (request.type !== 'inspect') {
    void handleMediaRequest(request, send);
    return;
  }
  void (async () => {
    for (let index = 0; index < request.files.length; index += 1) {
      if (basename(request.files[index]!.path).includes('stall'))
        await new Promise(() => undefined);
      send({ type: 'result', id: request.id, result: await inspectOne(request, index) });
    }
    send({ type: 'done', id: request.id });
  })();
});
send({ type: 'ready', id: 0 });
