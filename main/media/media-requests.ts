import { inspectBatch } from './inspect-batch';
import { InspectorActivity } from './inspector-activity';
import type { WorkerRequest, WorkerResponse } from './worker-protocol';

/** Where a worker's answers go. */
export type Send = (message: WorkerResponse) => void;

/**
 * Serves one inspection, thumbnail or conversion request, ending with `done` (or `failed`).
 * `activity` is where an inspection says which file it is on (see `InspectorActivity`).
 */
export async function handleMediaRequest(
  request: WorkerRequest,
  send: Send,
  activity: InspectorActivity = new InspectorActivity(),
): Promise<void> {
  try {
    switch (request.type) {
      case 'crawl':
        throw new Error('Crawling runs on the crawl worker');
      case 'inspect':
        await inspectBatch(
          request,
          (index, result) => send({ type: 'result', id: request.id, index, result }),
          activity,
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
