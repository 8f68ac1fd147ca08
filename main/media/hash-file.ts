import { createHash } from 'node:crypto';
import type { PhotoFormat } from '../../shared/domain/intake';
import { DEFAULT_MAX_FILE_BYTES } from './file-limits';
import {
  DirectHandle,
  openRegularFile,
  openRegularFileDirect,
  type PhotoHandle,
  refusalError,
} from './open-regular-file';

export type HashResult = {
  readonly md5: string;
  readonly size: number;
  /** False for a JPEG without an end-of-image marker after its main scan, or a PNG without IEND. */
  readonly complete: boolean;
};

/**
 * Bytes read at a time on a media worker's own thread (`DirectHandle`): small enough that what a
 * read brought in is still in the core's cache when it is hashed, and within the kernel's usual
 * read-ahead (128 KiB), so that most reads find their bytes already on the way. 64 KiB hashed a
 * cold folder about 8% faster than 256 KiB on four inspector threads (issue 26's measurements;
 * 32 and 128 KiB were slower). Inspectors hash with `LaneHasher`, which reads the same way; this
 * serves them only where WebAssembly SIMD is missing.
 */
const DIRECT_READ_BYTES = 64 * 1024;
/** Through the file-system pool (main's hashing), where each read is a round trip: larger. */
const POOLED_READ_BYTES = 256 * 1024;

/**
 * Read buffers kept for the next file: allocating a fresh one per file cost an inspector a tenth
 * of its time in garbage collection (issue 26's profile). Each is `POOLED_READ_BYTES` long.
 */
const spareBuffers: Buffer[] = [];
const MAX_SPARE_BUFFERS = 4;

const EOI = Buffer.from([0xff, 0xd9]);
const IEND = Buffer.from('IEND', 'latin1');

/**
 * Finds where the last occurrence of a marker lies in a stream read in chunks, with native
 * searches (hashing stays near disk speed). Scan data never holds FF D9 (the format escapes it),
 * so a complete JPEG has an end-of-image marker after the start of its main scan; an embedded
 * thumbnail's markers come earlier, inside APP1.
 */
export class LastMarker {
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

/** The end marker whose last position tells whether a photo of `format` is complete, if any. */
export function endMarkerOf(format: PhotoFormat): LastMarker | undefined {
  return format === 'jpeg'
    ? new LastMarker(EOI)
    : format === 'png'
      ? new LastMarker(IEND)
      : undefined;
}

/**
 * Whether the bytes fed to `end` (from `endMarkerOf`) are a complete image: a JPEG's end marker
 * after the start of its main scan (`jpegScanStart`), a PNG's IEND anywhere; other formats have
 * nothing to check.
 */
export function isComplete(
  end: LastMarker | undefined,
  format: PhotoFormat,
  jpegScanStart: number | undefined,
): boolean {
  return end === undefined || end.position > (format === 'jpeg' ? (jpegScanStart ?? 0) : -1);
}

/** Thrown when a file grew beyond the size cap while it was hashed. */
export class FileGrewError extends Error {
  readonly code = 'EFBIG';
  constructor() {
    super('The file grew beyond the size limit while it was read');
  }
}

/**
 * The MD5 of an open file's bytes (the service's `hash`), read 64 KiB (on a worker's own
 * thread) or 256 KiB (through the pool) at a time from `handle`, and whether the image is
 * complete (a truncated copy is not). `jpegScanStart` is where a JPEG's main scan begins
 * (`jpegScanStart()` on the file's head); without it only the end marker is looked for. Reads at most `maxBytes`: a file that grows past them while it is read throws
 * `FileGrewError` (it is never read without end).
 * @throws what the file system throws, `FileGrewError`, or the abort reason.
 */
export async function hashOpenFile(
  handle: PhotoHandle,
  format: PhotoFormat,
  options: {
    readonly signal?: AbortSignal | undefined;
    readonly jpegScanStart?: number | undefined;
    readonly maxBytes?: number | undefined;
  } = {},
): Promise<HashResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  const hash = createHash('md5');
  const end = endMarkerOf(format);
  // Plain reads into one buffer: a read stream costs more than the hashing for photo-sized files.
  const readBytes = handle instanceof DirectHandle ? DIRECT_READ_BYTES : POOLED_READ_BYTES;
  const buffer = spareBuffers.pop() ?? Buffer.allocUnsafe(POOLED_READ_BYTES);
  let size = 0;
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      const { bytesRead } = await handle.read(buffer, 0, readBytes, size);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      size += bytesRead;
      if (size > maxBytes) throw new FileGrewError();
      hash.update(chunk);
      end?.feed(chunk);
    }
  } finally {
    if (spareBuffers.length < MAX_SPARE_BUFFERS) spareBuffers.push(buffer);
  }
  return {
    md5: hash.digest('hex'),
    size,
    complete: isComplete(end, format, options.jpegScanStart),
  };
}

/**
 * `hashOpenFile` on the file at `path`, opened once without following a link or waiting on a
 * FIFO, and checked on its handle to be a regular file of at most `maxBytes`.
 * @throws what the file system throws (the file vanished or became unreadable), an error with
 * code `ELOOP` for a link, `EFTYPE` for a FIFO, socket or device, `EISDIR`, or `EFBIG`.
 */
export async function hashFile(
  path: string,
  format: PhotoFormat,
  options: {
    readonly signal?: AbortSignal;
    readonly jpegScanStart?: number | undefined;
    readonly maxBytes?: number | undefined;
    /** `direct` on a media worker thread (see `DirectHandle`); default through the pool. */
    readonly reads?: 'pooled' | 'direct';
  } = {},
): Promise<HashResult> {
  const open = options.reads === 'direct' ? openRegularFileDirect : openRegularFile;
  const opened = await open(path, options.maxBytes ?? DEFAULT_MAX_FILE_BYTES);
  if (!opened.ok) throw refusalError(opened.refusal);
  try {
    return await hashOpenFile(opened.file.handle, format, options);
  } finally {
    await opened.file.handle.close();
  }
}
