import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { NOT_REGULAR_REASON } from '../media/crawl';
import { HEADER_BYTES, recognise } from '../media/file-kind';
import { DEFAULT_MAX_FILE_BYTES } from '../media/file-limits';
import { findJpegEnd, type ReadAt } from '../media/jpeg-structure';
import { openRegularFile, type OpenRefusal } from '../media/open-regular-file';
import type { PhotoFormat } from '../../shared/domain/intake';

/** Whether a file is a whole image, a photo still being written, or not a photo at all. */
export type Completeness =
  | { readonly kind: 'complete'; readonly format: PhotoFormat }
  | { readonly kind: 'incomplete'; readonly reason: string }
  | { readonly kind: 'not-a-photo' }
  /** Not a regular file (a FIFO, socket, device, link or folder): never read, never queued. */
  | { readonly kind: 'not-a-file'; readonly reason: Words };

/** Bytes read from the end of a file to find a JPEG's closing marker when its structure cannot be followed. */
const TAIL_BYTES = 64;

/** Why a watched path that is not a regular file is skipped. */
export function notAFileReason(
  refusal: Exclude<OpenRefusal, { kind: 'too-large' | 'error' }>,
): Words {
  switch (refusal.kind) {
    case 'link':
      return words('reason.watch.link');
    case 'special':
      return NOT_REGULAR_REASON;
    case 'folder':
      return words('reason.watch.folder');
  }
}

/**
 * Whether the photo at `path` is complete, judged by its structure rather than its name: a JPEG's
 * first image reaches its end-of-image marker (found by walking its segments and scans, so data
 * after it, such as a motion photo's video or a phone's trailer, is accepted; see
 * `findJpegEnd`), a PNG ends with its IEND chunk, a HEIC's top-level boxes add up to exactly the
 * file's size with its `meta` and `mdat` present, a TIFF's first directory and the data it points
 * to lie inside the file, and a WebP's RIFF length matches the file. A file that is still being
 * copied fails these checks and is looked at again later, never queued.
 * The file is opened once without following links and without waiting on a FIFO, checked on the
 * handle to be a regular file, and read only through that handle. A file over `maxBytes` is not
 * walked: intake refuses it with its reason.
 * @throws what the file system throws (the file vanished or became unreadable).
 */
export async function imageCompleteness(
  path: string,
  maxBytes: number = DEFAULT_MAX_FILE_BYTES,
): Promise<Completeness> {
  // No size cap at the open: a file over `maxBytes` is recognised, then left to intake.
  const opened = await openRegularFile(path, Number.MAX_SAFE_INTEGER);
  if (!opened.ok) {
    const { refusal } = opened;
    if (refusal.kind === 'error') throw refusal.error;
    if (refusal.kind === 'too-large') return { kind: 'not-a-photo' }; // not reached: no cap
    return { kind: 'not-a-file', reason: notAFileReason(refusal) };
  }
  const { handle: file, size } = opened.file;
  try {
    const head = Buffer.alloc(Math.min(HEADER_BYTES, size));
    await file.read(head, 0, head.length, 0);
    const kind = await recognise(head);
    if (!kind.ok)
      return size < HEADER_BYTES
        ? incomplete('too short to recognise yet')
        : { kind: 'not-a-photo' };
    // Intake refuses it unread, with the reason; nothing is gained by reading it here.
    if (size > maxBytes) return { kind: 'complete', format: kind.format };
    const read = async (position: number, length: number): Promise<Buffer> => {
      const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      if (bytes.length === 0) return bytes;
      const { bytesRead } = await file.read(bytes, 0, bytes.length, position);
      return bytes.subarray(0, bytesRead);
    };
    const verdict = await checkFormat(kind.format, size, read);
    return verdict === undefined ? { kind: 'complete', format: kind.format } : incomplete(verdict);
  } finally {
    await file.close();
  }
}

const incomplete = (reason: string): Completeness => ({ kind: 'incomplete', reason });

/** Why a file of `format` is not complete yet; undefined when it is. */
async function checkFormat(
  format: PhotoFormat,
  size: number,
  read: ReadAt,
): Promise<string | undefined> {
  switch (format) {
    case 'jpeg': {
      const end = await findJpegEnd(read, size);
      // A structure that cannot be followed is judged by its last bytes, as before.
      const ended =
        end.kind === 'ended' ||
        (end.kind === 'unknown' &&
          jpegEnded(await read(Math.max(0, size - TAIL_BYTES), TAIL_BYTES)));
      return ended ? undefined : 'the JPEG end marker (FFD9) is missing';
    }
    case 'png': {
      const tail = await read(Math.max(0, size - 12), 12);
      return tail.subarray(4, 8).toString('latin1') === 'IEND'
        ? undefined
        : 'the PNG IEND chunk is missing';
    }
    case 'heic':
      return heicBoxesComplete(size, read);
    case 'tiff':
      return tiffComplete(size, read);
    case 'webp': {
      const head = await read(0, 8);
      return head.readUInt32LE(4) + 8 <= size ? undefined : 'the WebP file is shorter than it says';
    }
  }
}

/**
 * True when the last non-zero bytes of `tail` are the EOI marker FFD9: the rule for a JPEG whose
 * structure cannot be followed.
 */
export function jpegEnded(tail: Buffer): boolean {
  let end = tail.length;
  while (end > 0 && tail[end - 1] === 0) end -= 1;
  return end >= 2 && tail[end - 2] === 0xff && tail[end - 1] === 0xd9;
}

/** Walks the ISO-BMFF top-level boxes: they must cover the file exactly, with meta and mdat. */
async function heicBoxesComplete(size: number, read: ReadAt): Promise<string | undefined> {
  let position = 0;
  const seen = new Set<string>();
  while (position < size) {
    const header = await read(position, 16);
    if (header.length < 8) return 'a HEIC box header is cut off';
    let length = header.readUInt32BE(0);
    const type = header.subarray(4, 8).toString('latin1');
    if (length === 1) {
      if (header.length < 16) return 'a HEIC box header is cut off';
      length = Number(header.readBigUInt64BE(8));
    } else if (length === 0) length = size - position;
    if (length < 8) return 'a HEIC box is malformed';
    if (position + length > size) return `the HEIC ${type} box is cut off`;
    seen.add(type);
    position += length;
  }
  return seen.has('meta') && seen.has('mdat') ? undefined : 'the HEIC image data is missing';
}

/** Bytes per value of each TIFF field type (BYTE, ASCII, SHORT, LONG, RATIONAL…, LONG8…). */
const TIFF_TYPE_BYTES: Readonly<Record<number, number>> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
  16: 8,
  17: 8,
  18: 8,
};

/** Checks a TIFF's first directory and the strips or tiles it points to are inside the file. */
async function tiffComplete(size: number, read: ReadAt): Promise<string | undefined> {
  const header = await read(0, 8);
  const little = header.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (buffer: Buffer, at: number) =>
    little ? buffer.readUInt16LE(at) : buffer.readUInt16BE(at);
  const u32 = (buffer: Buffer, at: number) =>
    little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at);
  const ifd = u32(header, 4);
  if (ifd + 2 > size) return 'the TIFF directory is missing';
  const count = u16(await read(ifd, 2), 0);
  const entries = await read(ifd + 2, count * 12);
  if (entries.length < count * 12) return 'the TIFF directory is cut off';
  const values = async (entry: number): Promise<number[]> => {
    const type = u16(entries, entry + 2);
    const n = u32(entries, entry + 4);
    const width = type === 3 ? 2 : 4;
    const inline = n * width <= 4;
    const bytes = inline
      ? entries.subarray(entry + 8, entry + 12)
      : await read(u32(entries, entry + 8), n * width);
    if (bytes.length < n * width) return [Number.POSITIVE_INFINITY];
    return Array.from({ length: n }, (_, index) =>
      width === 2 ? u16(bytes, index * 2) : u32(bytes, index * 4),
    );
  };
  const tags = new Map<number, number>();
  for (let index = 0; index < count; index += 1) {
    const entry = index * 12;
    tags.set(u16(entries, entry), entry);
    // Every value too long to sit in its entry (tables, strings) must lie inside the file.
    const length = (TIFF_TYPE_BYTES[u16(entries, entry + 2)] ?? 1) * u32(entries, entry + 4);
    if (length > 4 && u32(entries, entry + 8) + length > size) return 'a TIFF value is cut off';
  }
  // StripOffsets/StripByteCounts (273/279) or TileOffsets/TileByteCounts (324/325).
  for (const [offsetsTag, countsTag] of [
    [273, 279],
    [324, 325],
  ] as const) {
    const offsetsEntry = tags.get(offsetsTag);
    const countsEntry = tags.get(countsTag);
    if (offsetsEntry === undefined || countsEntry === undefined) continue;
    const offsets = await values(offsetsEntry);
    const lengths = await values(countsEntry);
    const end = Math.max(...offsets.map((offset, index) => offset + (lengths[index] ?? 0)));
    return end <= size ? undefined : 'the TIFF image data is cut off';
  }
  return undefined;
}
