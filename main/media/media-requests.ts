import { hashFile } from './hash-file';
import { fileErrorReason, inspectFile, readMetadata } from './inspect-file';
import type { InspectResult, WorkerRequest, WorkerResponse } from './worker-protocol';

/** Where a worker's answers go. */
export type Send = (message: WorkerResponse) => void;

/**
 * Files a worker works on at once: one's wait on the image library (the pixel size of a HEIC or
 * PNG) overlaps another's reading and parsing. Reads are the thread's own and wait in turn (see
 * `DirectHandle`): the disk gets several at once from the several inspector threads.
 */
const FILES_IN_FLIGHT = 3;

/**
 * Runs `work` over `count` items with a few in flight, but reports results strictly in order:
 * a result waits for every earlier one. (The pool's watchdog relies on that order to know which
 * file is stuck.)
 */
export async function inOrder<T>(
  count: number,
  work: (index: number) => Promise<T>,
  report: (result: T) => void,
): Promise<void> {
  const results = new Map<number, T>();
  let nextToReport = 0;
  let nextToStart = 0;
  const flush = () => {
    while (results.has(nextToReport)) {
      report(results.get(nextToReport)!);
      results.delete(nextToReport);
      nextToReport += 1;
    }
  };
  const lane = async () => {
    while (nextToStart < count) {
      const index = nextToStart++;
      results.set(index, await work(index));
      flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(FILES_IN_FLIGHT, count) }, lane));
}

/**
 * Inspects one file of an `inspect` request in the requested mode, on the media worker thread
 * that runs it: its reads are the thread's own (`direct`). Never throws.
 */
export async function inspectOne(
  request: Extract<WorkerRequest, { type: 'inspect' }>,
  index: number,
): Promise<InspectResult> {
  const file = request.files[index]!;
  switch (request.mode) {
    case 'full':
      return inspectFile(
        file,
        request.assumedZone,
        request.maxFileBytes,
        request.cameraOffsets,
        'direct',
      );
    case 'metadata':
      return readMetadata(
        file,
        request.assumedZone,
        request.maxFileBytes,
        request.cameraOffsets,
        'direct',
      );
    case 'hash':
      try {
        const hashed = await hashFile(file.path, 'jpeg', { reads: 'direct' });
        return { status: 'hashed', path: file.path, md5: hashed.md5, size: hashed.size };
      } catch (error) {
        return { status: 'error', path: file.path, reason: fileErrorReason(error) };
      }
  }
}

/** Serves one inspection, thumbnail or conversion request, ending with `done` (or `failed`). */
export async function handleMediaRequest(request: WorkerRequest, send: Send): Promise<void> {
  try {
    switch (request.type) {
      case 'crawl':
        throw new Error('Crawling runs on the crawl worker');
      case 'inspect':
        await inOrder(
          request.files.length,
          (index) => inspectOne(request, index),
          (result) => send({ type: 'result', id: request.id, result }),
        );
        break;
      case 'thumbnail': {
        // Loaded on first use: thumbnails pull in the image and HEIC decoders.
        const { makeThumbnail } = await import('./make-thumbnail');
        send({ type: 'thumbnail', id: request.id, source: await makeThumbnail(request) });
        break;
      }
      case 'convert-to-jpeg': {
        // Loaded on first use, like thumbnails: it pulls in the image and HEIC decoders.
        const { convertToJpeg } = await import('./convert-to-jpeg');
        await convertToJpeg(request);
        break;
      }
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
