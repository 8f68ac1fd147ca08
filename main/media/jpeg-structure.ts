/** What a JPEG's head tells about where its image data starts and its size. */
export type JpegLayout =
  | {
      readonly kind: 'found';
      readonly scanStart: number;
      readonly width: number | undefined;
      readonly height: number | undefined;
    }
  /** The bytes end inside the metadata segments, before any image data: read more. */
  | { readonly kind: 'ended' }
  /** The segments cannot be followed (not a plain JPEG structure); nothing can be said. */
  | { readonly kind: 'unknown' };

/** Start-of-frame markers carry the image size: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Walks a JPEG's marker segments from the start of the file, skipping APP segments whole (so an
 * embedded EXIF thumbnail is never mistaken for the image), to the first start-of-scan marker,
 * noting the frame size on the way.
 */
export function jpegLayout(head: Buffer): JpegLayout {
  if (head[0] !== 0xff || head[1] !== 0xd8) return { kind: 'unknown' };
  let offset = 2;
  let width: number | undefined;
  let height: number | undefined;
  while (offset < head.length) {
    if (offset + 4 > head.length) return { kind: 'ended' };
    if (head[offset] !== 0xff) return { kind: 'unknown' };
    const marker = head[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xda) return { kind: 'found', scanStart: offset, width, height };
    // Markers without a length: TEM and RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = head.readUInt16BE(offset + 2);
    if (length < 2) return { kind: 'unknown' };
    if (isStartOfFrame(marker) && offset + 9 <= head.length) {
      height = head.readUInt16BE(offset + 5);
      width = head.readUInt16BE(offset + 7);
    }
    offset += 2 + length;
  }
  return { kind: 'ended' };
}

/** A PNG's size from its IHDR chunk, which always comes first. */
export function pngSize(head: Buffer): { width: number; height: number } | undefined {
  if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/** Where the first image of a JPEG ends, as its structure tells. */
export type JpegEnd =
  /** `end` is the offset just past the first image's end-of-image marker (FFD9). */
  | { readonly kind: 'ended'; readonly end: number }
  /** The bytes stop before the first image's end marker: still being written, or truncated. */
  | { readonly kind: 'cut' }
  /** The segments cannot be followed (not a plain JPEG structure); nothing can be said. */
  | { readonly kind: 'unknown' };

/** Reads `length` bytes at `position` (fewer at the end of the file). */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** Bytes read at a time while the walk scans the entropy-coded data. */
const WALK_CHUNK_BYTES = 256 * 1024;

/** A window on the file that moves forward as the walk goes, read a chunk at a time. */
class ForwardBytes {
  #chunk: Buffer = Buffer.alloc(0);
  #start = 0;

  constructor(
    private readonly read: ReadAt,
    readonly size: number,
  ) {}

  /** Makes bytes `[position, position + count)` available; false when the file ends first. */
  async have(position: number, count: number): Promise<boolean> {
    if (position + count > this.size) return false;
    if (position >= this.#start && position + count <= this.#start + this.#chunk.length)
      return true;
    const want = Math.max(count, WALK_CHUNK_BYTES);
    let chunk = await this.read(position, want);
    // A short read (the end of the file, or a reader that returns less) is read on from there.
    while (chunk.length < count) {
      const more = await this.read(position + chunk.length, want - chunk.length);
      if (more.length === 0) break;
      chunk = Buffer.concat([chunk, more]);
    }
    this.#chunk = chunk;
    this.#start = position;
    return chunk.length >= count;
  }

  /** The byte at `position` (after `have`). */
  at(position: number): number {
    return this.#chunk[position - this.#start]!;
  }

  /** Where the next FF byte at or after `position` lies within the current chunk, or -1. */
  nextFF(position: number): number {
    const index = this.#chunk.indexOf(0xff, position - this.#start);
    return index < 0 ? -1 : this.#start + index;
  }

  /** The end of the current chunk. */
  get chunkEnd(): number {
    return this.#start + this.#chunk.length;
  }
}

/** RST0–RST7: restart markers inside the entropy-coded data, not ends. */
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * Finds the end of a JPEG's first image by walking its structure: the marker segments (APP
 * segments skipped whole, so an embedded EXIF thumbnail's end marker is never taken for the
 * image's), then each scan's entropy-coded data, where FF00 (a stuffed byte) and RSTn are not
 * ends, up to the end-of-image marker. What follows it is not looked at: a motion photo's MP4,
 * Samsung's SEFH…SEFT trailer, a multi-picture (MPF) file's further images, zero padding.
 * Progressive JPEGs' several scans, with tables between them, are followed the same way.
 * Reads the file once, forward, a chunk at a time.
 */
export async function findJpegEnd(read: ReadAt, size: number): Promise<JpegEnd> {
  const bytes = new ForwardBytes(read, size);
  if (!(await bytes.have(0, 2))) return { kind: 'cut' };
  if (bytes.at(0) !== 0xff || bytes.at(1) !== 0xd8) return { kind: 'unknown' };
  let position = 2;
  for (;;) {
    // A marker segment starts here.
    if (!(await bytes.have(position, 2))) return { kind: 'cut' };
    if (bytes.at(position) !== 0xff) return { kind: 'unknown' };
    const marker = bytes.at(position + 1);
    if (marker === 0xff) {
      position += 1; // fill byte before a marker
      continue;
    }
    if (marker === 0xd9) return { kind: 'ended', end: position + 2 };
    if (marker === 0xd8 || marker === 0x00) return { kind: 'unknown' };
    if (marker === 0x01 || isRestart(marker)) {
      position += 2;
      continue;
    }
    if (!(await bytes.have(position + 2, 2))) return { kind: 'cut' };
    const length = (bytes.at(position + 2) << 8) | bytes.at(position + 3);
    if (length < 2) return { kind: 'unknown' };
    position += 2 + length;
    if (position > size) return { kind: 'cut' };
    if (marker === 0xda) {
      const next = await endOfScan(bytes, position);
      if (next === undefined) return { kind: 'cut' };
      position = next;
    }
  }
}

/**
 * Skips a scan's entropy-coded data from `position`: returns where the next marker (not a
 * stuffed byte, not RSTn) starts, or undefined when the file ends first.
 */
async function endOfScan(bytes: ForwardBytes, from: number): Promise<number | undefined> {
  let position = from;
  for (;;) {
    if (!(await bytes.have(position, 1))) return undefined;
    const ff = bytes.nextFF(position);
    if (ff < 0) {
      position = bytes.chunkEnd;
      continue;
    }
    if (!(await bytes.have(ff, 2))) return undefined;
    const marker = bytes.at(ff + 1);
    // FF00 is a stuffed FF byte of the data; FFFF a fill byte before the marker that follows.
    if (marker === 0x00 || isRestart(marker)) position = ff + 2;
    else if (marker === 0xff) position = ff + 1;
    else return ff;
  }
}

/** `findJpegEnd` over bytes already in memory. */
export function findJpegEndIn(buffer: Buffer): Promise<JpegEnd> {
  return findJpegEnd(
    (position, length) => Promise.resolve(buffer.subarray(position, position + length)),
    buffer.length,
  );
}
