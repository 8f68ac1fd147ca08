import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { PhotoFormat } from '../../shared/domain/intake';

export type HashResult = {
  readonly md5: string;
  readonly size: number;
  /** False for a JPEG without an end-of-image marker after its main scan, or a PNG without IEND. */
  readonly complete: boolean;
};

/** Bytes read at a time. */
const READ_BYTES = 1024 * 1024;

const EOI = Buffer.from([0xff, 0xd9]);
const IEND = Buffer.from('IEND', 'latin1');

/**
 * Finds where the last occurrence of a marker lies in a stream read in chunks, with native
 * searches (hashing stays near disk speed). Scan data never holds FF D9 (the format escapes it),
 * so a complete JPEG has an end-of-image marker after the start of its main scan; an embedded
 * thumbnail's markers come earlier, inside APP1.
 */
class LastMarker {
  #last = -1;
  #offset = 0;
  #previousByte = -1;

  constructor(private readonly marker: Buffer) {}

  feed(chunk: Buffer): void {
    const index = chunk.lastIndexOf(this.marker);
    if (index >= 0) this.#last = this.#offset + index;
    // A two-byte marker split across chunks.
    else if (
      this.marker.length === 2 &&
      this.#previousByte === this.marker[0] &&
      chunk[0] === this.marker[1]
    ) {
      this.#last = this.#offset - 1;
    }
    this.#offset += chunk.length;
    if (chunk.length > 0) this.#previousByte = chunk[chunk.length - 1]!;
  }

  get position(): number {
    return this.#last;
  }
}

/**
 * The MD5 of a file's bytes (the service's `hash`), read 1 MiB at a time, and whether the
 * image is complete (a truncated copy is not). `jpegScanStart` is where a JPEG's main scan
 * begins (`jpegScanStart()` on the file's head); without it only the end marker is looked for.
 * @throws what the file system throws (the file vanished or became unreadable).
 */
export async function hashFile(
  path: string,
  format: PhotoFormat,
  options: { readonly signal?: AbortSignal; readonly jpegScanStart?: number | undefined } = {},
): Promise<HashResult> {
  const hash = createHash('md5');
  const end =
    format === 'jpeg' ? new LastMarker(EOI) : format === 'png' ? new LastMarker(IEND) : undefined;
  // Plain reads into one buffer: a read stream costs more than the hashing for photo-sized files.
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  const handle = await open(path, 'r');
  let size = 0;
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, size);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      hash.update(chunk);
      end?.feed(chunk);
      size += bytesRead;
    }
  } finally {
    await handle.close();
  }
  const complete =
    end === undefined || end.position > (format === 'jpeg' ? (options.jpegScanStart ?? 0) : -1);
  return { md5: hash.digest('hex'), size, complete };
}
