import { Transform } from 'node:stream';

/**
 * A pass-through stream that tells `onBytes` how many bytes have gone through it so far, as the
 * body of an upload streams (so progress moves while a file uploads, not only when it ends).
 * Behind a slow connection the upload's backpressure holds it back, so the count follows what
 * the connection has taken, give or take one buffer.
 */
export function byteCounter(onBytes: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      onBytes(total);
      done(null, chunk);
    },
  });
}
