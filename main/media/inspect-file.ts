import { open, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { CaptureTime, Coordinates, IntakeItem, PhotoFormat } from '../../shared/domain/intake';
import { resolveCaptureTime } from './capture-time';
import type { CrawledFile } from './crawl';
import { readPhotoTags, type PhotoTags } from './exif-reader';
import { HEADER_BYTES, recognise } from './file-kind';
import { hashFile } from './hash-file';
import { jpegScanStart } from './jpeg-structure';

/** A photo's metadata, before its bytes are hashed. */
export type PhotoMetadata = {
  readonly status: 'photo';
  /** Where a JPEG's main scan starts, for the completeness check; undefined otherwise. */
  readonly scanStart?: number | undefined;
  readonly path: string;
  readonly format: PhotoFormat;
  readonly size: number;
  readonly capture: CaptureTime;
  readonly coordinates: Coordinates | null;
  readonly width: number | undefined;
  readonly height: number | undefined;
  readonly orientation: number;
  readonly make: string | undefined;
  readonly model: string | undefined;
  readonly note: string | undefined;
};

export type MetadataResult = PhotoMetadata | Exclude<IntakeItem, { status: 'photo' }>;

const NO_TAGS: PhotoTags = {
  dates: [],
  gpsDate: undefined,
  gpsTime: undefined,
  position: null,
  orientation: 1,
  make: undefined,
  model: undefined,
  exifWidth: undefined,
  exifHeight: undefined,
};

/** A user-facing reason for a file-system error on a file being inspected. */
export function fileErrorReason(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'ENOENT') return 'The file was moved or deleted before it could be read';
  if (code === 'EACCES' || code === 'EPERM')
    return 'The file could not be read (permission denied)';
  if (code === 'EISDIR') return 'This is a folder, not a file';
  return `The file could not be read${code ? ` (${code})` : ''}`;
}

/**
 * How much of a JPEG, PNG or WebP is read for its metadata: every metadata segment comes before
 * the image data, and 1 MiB holds them all in practice.
 */
const HEAD_BYTES = 1024 * 1024;

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * What exifr reads: the head of segment-ordered formats as a buffer (its own chunked file
 * reading misses EXIF behind some ICC segments), and whole files for HEIC and TIFF, whose
 * metadata may sit anywhere.
 */
async function tagSource(path: string, format: PhotoFormat, head: Buffer): Promise<Buffer> {
  return format === 'heic' || format === 'tiff' ? readFile(path) : head;
}

/** Pixel size from the image header (HEIC included); EXIF's copy when the header cannot be read. */
async function pixelSize(
  source: Buffer,
  tags: PhotoTags,
): Promise<{ width: number | undefined; height: number | undefined }> {
  try {
    const metadata = await sharp(source, { failOn: 'none' }).metadata();
    return { width: metadata.width, height: metadata.height };
  } catch {
    return { width: tags.exifWidth, height: tags.exifHeight };
  }
}

/**
 * Where a JPEG's main scan starts, for the completeness check. When the whole file was read and
 * it ends inside its metadata, there is no image at all: the file's length is returned, so no
 * end marker can follow it. Undefined when nothing can be said.
 */
function mainScanOffset(head: Buffer, fileSize: number): number | undefined {
  const start = jpegScanStart(head);
  if (start.kind === 'found') return start.offset;
  if (start.kind === 'ended' && head.length >= fileSize) return fileSize;
  return undefined;
}

/**
 * Recognises a file by its magic bytes and reads what the upload needs: capture time with the
 * rule that decided its zone, GPS position, size in pixels, orientation, camera. Never throws:
 * every problem becomes a skipped or error item with a reason, or a note on the photo.
 */
export async function readMetadata(
  file: CrawledFile,
  assumedZone: string,
): Promise<MetadataResult> {
  const { path } = file;
  let head: Buffer;
  try {
    head = await readHead(path);
  } catch (error) {
    return { status: 'error', path, reason: fileErrorReason(error) };
  }
  if (head.length === 0)
    return { status: 'skipped', path, reason: 'Skipped: the file is empty (0 bytes)' };
  const kind = await recognise(head.subarray(0, HEADER_BYTES));
  if (!kind.ok) {
    return {
      status: 'skipped',
      path,
      reason: `Skipped: not a photo (${kind.found}); only JPEG, PNG, HEIC/HEIF, TIFF and WebP images are uploaded`,
    };
  }
  let tags = NO_TAGS;
  let note: string | undefined;
  let source: Buffer = head;
  try {
    source = await tagSource(path, kind.format, head);
    tags = await readPhotoTags(source);
  } catch {
    note = "The photo's EXIF data is damaged and could not be read";
  }
  const capture = resolveCaptureTime({ ...tags, fileModifiedMs: file.modifiedMs }, assumedZone);
  if (capture.rule === 'file-time') {
    note = `${note ? `${note}; ` : ''}No capture date in the photo: the file's modification time is used (low confidence)`;
  }
  const { width, height } = await pixelSize(source, tags);
  return {
    status: 'photo',
    path,
    format: kind.format,
    size: file.size,
    capture,
    coordinates: tags.position,
    width,
    height,
    orientation: tags.orientation,
    make: tags.make,
    model: tags.model,
    note,
    scanStart: kind.format === 'jpeg' ? mainScanOffset(head, file.size) : undefined,
  };
}

/**
 * Metadata plus the MD5 of the bytes. A truncated JPEG or PNG, or a file that vanishes while it
 * is read, becomes an error item with its reason. `duplicateOf` is decided by the caller.
 */
export async function inspectFile(file: CrawledFile, assumedZone: string): Promise<IntakeItem> {
  const metadata = await readMetadata(file, assumedZone);
  if (metadata.status !== 'photo') return metadata;
  try {
    const { scanStart, ...photo } = metadata;
    const hashed = await hashFile(file.path, metadata.format, { jpegScanStart: scanStart });
    if (!hashed.complete) {
      return {
        status: 'error',
        path: file.path,
        reason: 'The image is incomplete (truncated): copy it again from the camera or card',
      };
    }
    return { ...photo, size: hashed.size, md5: hashed.md5, duplicateOf: undefined };
  } catch (error) {
    return { status: 'error', path: file.path, reason: fileErrorReason(error) };
  }
}
