import { parentPort, workerData } from 'node:worker_threads';
import { crawl, type CrawlEntry } from './crawl';
import type { WorkerRequest, WorkerResponse } from './worker-protocol';
import { lowerThisThreadPriority, threadNiceFrom } from './thread-priority';

// The crawler thread: walks dropped folders and streams what it finds. It loads nothing but the
// crawl, so it starts at once.

// The app core starts these threads below the window's priority (thread-priority.ts).
lowerThisThreadPriority(threadNiceFrom(workerData));

const port = parentPort;
if (port === null) throw new Error('The crawl worker must run in a worker thread');
const send = (message: WorkerResponse) => port.postMessage(message);

/** Results go out in batches: the first one early, then every 25 ms or 256 entries. */
async function runCrawl(
  id: number,
  roots: readonly string[],
  options: Parameters<typeof crawl>[2],
): Promise<void> {
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
  for await (const entry of crawl(roots, undefined, options)) {
    batch.push(entry);
    const due =
      flushes === 0 ? batch.length >= 16 : batch.length >= 256 || Date.now() - lastFlush >= 25;
    if (due) flush();
  }
  flush();
}

port.on('message', (request: WorkerRequest) => {
  if (request.type !== 'crawl') {
    send({ type: 'failed', id: request.id, message: 'The crawl worker only crawls' });
    return;
  }
  runCrawl(request.id, request.roots, {
    followRootLinks: request.followRootLinks ?? true,
    ignore: request.ignore,
    ignoreSource: request.ignoreSource,
  }).then(
    () => send({ type: 'done', id: request.id }),
    (error: unknown) =>
      send({
        type: 'failed',
        id: request.id,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
send({ type: 'ready', id: 0 });
