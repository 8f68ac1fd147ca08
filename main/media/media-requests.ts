import { hashFile } from './hash-file';
import { fileErrorReason, inspectFile, readMetadata } from './inspect-file';
import type { InspectResult, WorkerRequest, WorkerResponse } from './worker-protocol';

/** Where a worker's answers go. */
export type Send = (message: WorkerResponse) => void;

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
        // One file at a time, each reported before the next starts: a read that hangs blocks
        // this thread (`DirectHandle`), and the inspectors' watchdog then knows which file it is
        // (the first unreported one). The disk gets several reads at once from the several
        // inspector threads instead.
        for (let index = 0; index < request.files.length; index += 1)
          send({ type: 'result', id: request.id, result: await inspectOne(request, index) });
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
