import { parentPort } from 'node:worker_threads';
import { crawl, type CrawlEntry } from './crawl';
import { hashFile } from './hash-file';
import { fileErrorReason, inspectFile, readMetadata } from './inspect-file';
import { makeThumbnail } from './make-thumbnail';
import type { InspectResult, WorkerRequest, WorkerResponse } from './worker-protocol';

// A media worker (node:worker_threads): crawls folders, reads metadata, hashes, makes thumbnails,
// so that none of it runs on the main process's event loop.

const port = parentPort;
if (port === null) throw new Error('media-worker must run in a worker thread');

const send = (message: WorkerResponse) => port.postMessage(message);

/** Crawl results go out in batches: the first one early, then every 25 ms or 256 entries. */
async function runCrawl(id: number, roots: readonly string[]): Promise<void> {
  let batch: CrawlEntry[] = [];
  let lastFlush = Date.now();
  let flushes = 0;
  const flush = () => {
    if (batch.length === 0) return;
    send({ type: 'crawled', id, entries: batch });
    batch = [];
    lastFlush = Date.now();
    flushes += 1;
  };
  for await (const entry of crawl(roots)) {
    batch.push(entry);
    const due =
      flushes === 0 ? batch.length >= 16 : batch.length >= 256 || Date.now() - lastFlush >= 25;
    if (due) flush();
  }
  flush();
}

async function inspectOne(
  request: Extract<WorkerRequest, { type: 'inspect' }>,
  index: number,
): Promise<InspectResult> {
  const file = request.files[index]!;
  switch (request.mode) {
    case 'full':
      return inspectFile(file, request.assumedZone);
    case 'metadata':
      return readMetadata(file, request.assumedZone);
    case 'hash':
      try {
        const hashed = await hashFile(file.path, 'jpeg');
        return { status: 'hashed', path: file.path, md5: hashed.md5, size: hashed.size };
      } catch (error) {
        return { status: 'error', path: file.path, reason: fileErrorReason(error) };
      }
  }
}

async function handle(request: WorkerRequest): Promise<void> {
  switch (request.type) {
    case 'crawl':
      await runCrawl(request.id, request.roots);
      break;
    case 'inspect':
      for (let index = 0; index < request.files.length; index += 1) {
        send({ type: 'result', id: request.id, result: await inspectOne(request, index) });
      }
      break;
    case 'thumbnail': {
      const source = await makeThumbnail(request);
      send({ type: 'thumbnail', id: request.id, source });
      break;
    }
  }
  send({ type: 'done', id: request.id });
}

port.on('message', (request: WorkerRequest) => {
  handle(request).catch((error: unknown) => {
    send({
      type: 'failed',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    });
  });
});
