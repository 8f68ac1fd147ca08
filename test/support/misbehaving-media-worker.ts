import { type BigIntStats, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { handleMediaRequest, mediaThread } from '../../main/media/media-requests';
import { DirectHandle } from '../../main/media/open-regular-file';
import type { WorkerRequest, WorkerResponse } from '../../main/media/worker-protocol';

const identity = (stats: BigIntStats) => `${stats.dev}:${stats.ino}`;

/**
 * Serves media requests with the real handler, except that every read past the first of a file
 * whose name contains `marker` calls `misbehave` first (to hang, die or dawdle): the bad read
 * comes in the middle of the real work, metadata or MD5, with other files of the request in
 * flight beside it.
 */
export function serveMisbehaving(marker: string, misbehave: () => void): void {
  const port = parentPort!;
  const send = (message: WorkerResponse) => port.postMessage(message);
  const thread = mediaThread(workerData);
  const bad = new Set<string>();
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its `this` below
  const read = DirectHandle.prototype.readNow;
  DirectHandle.prototype.readNow = function (this: DirectHandle, buffer, position) {
    if (position > 0 && bad.has(identity(this.stat()))) misbehave();
    return read.call(this, buffer, position);
  };
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'inspect')
      for (const file of request.files)
        if (basename(file.path).includes(marker))
          bad.add(identity(statSync(file.path, { bigint: true })));
    void handleMediaRequest(request, send, thread);
  });
  send({ type: 'ready', id: 0 });
}
