import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { PhotoFormat } from '../../shared/domain/intake';

/** How much of the end of a file is kept to check that the image is complete. */
const TAIL_BYTES = 64 * 1024;

export type HashResult = {
  readonly md5: string;
  readonly size: number;
  /** False when a JPEG has no end-of-image marker or a PNG no IEND chunk near its end. */
  readonly complete: boolean;
};

function endsProperly(format: PhotoFormat, tail: Buffer): boolean {
  // JPEGs may carry trailers after the end marker (phone makers add some), so search the tail.
  if (format === 'jpeg') return tail.lastIndexOf(Buffer.from([0xff, 0xd9])) >= 0;
  if (format === 'png') return tail.lastIndexOf(Buffer.from('IEND', 'latin1')) >= 0;
  return true;
}

/**
 * The MD5 of a file's bytes (the service's `hash`), streamed in 1 MiB reads, and whether the
 * image ends as it should (a truncated copy does not).
 * @throws what the file system throws (the file vanished or became unreadable).
 */
export async function hashFile(
  path: string,
  format: PhotoFormat,
  signal?: AbortSignal,
): Promise<HashResult> {
  const hash = createHash('md5');
  let size = 0;
  let tail: Buffer = Buffer.alloc(0);
  const stream = createReadStream(path, {
    highWaterMark: 1024 * 1024,
    ...(signal ? { signal } : {}),
  });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    tail =
      chunk.length >= TAIL_BYTES
        ? chunk.subarray(chunk.length - TAIL_BYTES)
        : Buffer.concat([tail, chunk]).subarray(-TAIL_BYTES);
  }
  return { md5: hash.digest('hex'), size, complete: endsProperly(format, tail) };
}
