import { basename } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { handleMediaRequest, inspectOne } from '../../main/media/media-requests';
import type { WorkerRequest, WorkerResponse } from '../../main/media/worker-protocol';

// A media worker that, on any file whose name contains "hungry", fills its heap until it reaches
// its limit and dies (a stand-in for a decoder that a crafted file drives out of memory);
// everything else is served by the real handler.
const port = parentPort!;
const send = (message: WorkerResponse) => port.postMessage(message);

function exhaustHeap(): never {
  const hoard: number[][] = [];
  for (;;) hoard.push(Array.from({ length: 100_000 }, (_, index) => index + hoard.length));
}

port.on('message', (request: WorkerRequest) => {
  if (request.type !== 'inspect') {
    void handleMediaRequest(request, send);
    return;
  }
  void (async () => {
    for (let index = 0; index < request.files.length; index += 1) {
      if (basename(request.files[index]!.path).includes('hungry')) exhaustHeap();
      send({ type: 'result', id: request.id, result: await inspectOne(request, index) });
    }
    send({ type: 'done', id: request.id });
  })();
});
send({ type: 'ready', id: 0 });
