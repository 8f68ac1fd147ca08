import { inspectBatch } from './inspect-batch';
import { activityFrom, InspectorActivity } from './inspector-activity';
import { type LaneHasher, laneHasher } from './md5-lanes';
import type { WorkerRequest, WorkerResponse } from './worker-protocol';

/** Where a worker's answers go. */
export type Send = (message: WorkerResponse) => void;

/** What a media worker thread keeps from one request to the next. */
export type MediaThread = {
  /** Where an inspection says which file it is on (see `InspectorActivity`). */
  readonly activity: InspectorActivity;
  /** The thread's MD5 lanes; undefined where WebAssembly SIMD is missing (see `laneHasher`). */
  readonly hasher: LaneHasher | undefined;
};

/** A media worker thread's own: its activity slot from `workerData`, and its lanes. */
export function mediaThread(workerData: unknown): MediaThread {
  return { activity: activityFrom(workerData), hasher: laneHasher() };
}

/**
 * Serves one inspection, thumbnail or conversion request on `thread`, ending with `done` (or
 * `failed`). By default, a private activity slot and files hashed one at a time.
 */
export async function handleMediaRequest(
  request: WorkerRequest,
  send: Send,
  thread: MediaThread = { activity: new InspectorActivity(), hasher: undefined },
): Promise<void> {
  try {
    switch (request.type) {
      case 'crawl':
        throw new Error('Crawling runs on the crawl worker');
      case 'inspect':
        await inspectBatch(
          request,
          (index, result) => send({ type: 'result', id: request.id, index, result }),
          thread.activity,
          thread.hasher,
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
