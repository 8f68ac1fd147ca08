import { crawl, type CrawlEntry } from './crawl';
import { hashFile } from './hash-file';
import { fileErrorReason, inspectFile, readMetadata } from './inspect-file';
import { makeThumbnail } from './make-thumbnail';
import type { InspectResult, WorkerRequest, WorkerResponse } from './worker-protocol';

/** Where a worker's answers go. */
export type Send = (message: WorkerResponse) => void;

/** Crawl results go out in batches: the first one early, then every 25 ms or 256 entries. */
async function runCrawl(send: Send, id: number, roots: readonly string[]): Promise<void> {
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

/** Inspects one file of an `inspect` request in the requested mode. Never throws. */
export async function inspectOne(
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

/** Serves one request of the media worker protocol, ending with `done` (or `failed`). */
export async function handleMediaRequest(request: WorkerRequest, send: Send): Promise<void> {
  try {
    switch (request.type) {
      case 'crawl':
        await runCrawl(send, request.id, request.roots);
        break;
      case 'inspect':
        for (let index = 0; index < request.files.length; index += 1) {
          send({ type: 'result', id: request.id, result: await inspectOne(request, index) });
        }
        break;
      case 'thumbnail':
        send({ type: 'thumbnail', id: request.id, source: await makeThumbnail(request) });
        break;
    }
    send({ type: 'done', id: request.id });
  } catch (error) {
    send({
      type: 'failed',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
