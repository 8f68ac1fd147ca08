import type { Readable } from 'node:stream';
import { type BandwidthLimiter, throttledStream } from './bandwidth-limiter';
import { byteCounter } from './byte-counter';

/**
 * A body stream held to the bandwidth cap when there is one, and counted as it goes when
 * someone wants to know (see `byteCounter`, `throttledStream`). Used for a whole file (single
 * PUT) and for each part of a multipart upload.
 */
export function countedBody(
  file: Readable,
  onProgress: ((bytesSent: number) => void) | undefined,
  bandwidth?: BandwidthLimiter,
): Readable {
  let body = file;
  for (const stage of [
    bandwidth && throttledStream(bandwidth),
    onProgress && byteCounter(onProgress),
  ]) {
    if (stage === undefined) continue;
    // A read error reaches the upload through each stage, so it fails instead of hanging.
    body.on('error', (error) => stage.destroy(error));
    body = body.pipe(stage);
  }
  return body;
}
