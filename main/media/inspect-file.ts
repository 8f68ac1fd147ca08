import { type CameraOffset, cameraOf, findCameraOffset } from '../../shared/domain/camera-clock';
import type { IntakeItem, PhotoFormat } from '../../shared/domain/intake';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { resolveCaptureTime } from './capture-time';
import type { CrawledFile } from './crawl';
import { type PhotoTags, readPhotoTags } from './exif-reader';
import { HEADER_BYTES, recognise, UNKNOWN_CONTENT } from './file-kind';
import { DEFAULT_MAX_FILE_BYTES } from './file-limits';
import { fsErrorReason } from './fs-error-reason';
import { type InspectionReads, openForInspection } from './open-for-inspection';
import { type OpenedRegularFile, type PhotoHandle, readWhole } from './open-regular-file';
import { type HashResult, hashOpenFile } from './hash-file';
import { type JpegLayout, jpegLayout, pngSize } from './jpeg-structure';
import { hasTooManyPixels, MAX_IMAGE_PIXELS, tooManyPixelsReason } from './media-limits';

/** A photo's metadata, before its bytes are hashed (so without `md5` and `duplicateOf`). */
export type PhotoMetadata = Omit<
  Extract<IntakeItem, { status: 'photo' }>,
  'md5' | 'duplicateOf'
> & {
  /** Where a JPEG's main scan starts, for the completeness check; undefined otherwise. */
  readonly scanStart?: number | undefined;
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
  serial: undefined,
  exifWidth: undefined,
  exifHeight: undefined,
};

/**
 * First read of a file: 16 KiB holds the metadata of most camera JPEGs (57 of the 62 reference
 * photos; the rest need one or two more reads, each doubling). Reading more costs on a cold disk:
 * the kernel's read-ahead grows with the read, so 64 KiB first reads took a quarter more time
 * in `npm run bench -- intake` (issue 26's profile), for bytes most photos never need.
 */
export const FIRST_READ_BYTES = 16 * 1024;
/** A JPEG's metadata segments are read up to this size at most. */
const MAX_JPEG_HEAD_BYTES = 8 * 1024 * 1024;
/** How much of a PNG or WebP is read for its metadata. */
const OTHER_HEAD_BYTES = 1024 * 1024;

/** A user-facing reason for a file-system error on a file being inspected. */
export const fileErrorReason = (error: unknown): Words => fsErrorReason(error, 'file');

async function readAt(handle: PhotoHandle, position: number, length: number): Promise<Buffer> {
  // Not zeroed first: only the bytes read are kept (`subarray` below).
  const buffer = Buffer.allocUnsafe(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * The start of the open file, as much as its metadata needs: a JPEG is read on until its image
 * data starts (so reading stays small, unlike reading whole files), a PNG or WebP up to 1 MiB.
 */
async function readHead(
  handle: PhotoHandle,
): Promise<{ head: Buffer; layout: JpegLayout | undefined }> {
  let head = await readAt(handle, 0, FIRST_READ_BYTES);
  if (head[0] !== 0xff || head[1] !== 0xd8) {
    if (head.length === FIRST_READ_BYTES)
      head = Buffer.concat([
        head,
        await readAt(handle, head.length, OTHER_HEAD_BYTES - head.length),
      ]);
    return { head, layout: undefined };
  }
  let layout = jpegLayout(head);
  while (layout.kind === 'ended' && head.length < MAX_JPEG_HEAD_BYTES) {
    const more = await readAt(handle, head.length, head.length);
    if (more.length === 0) break;
    head = Buffer.concat([head, more]);
    layout = jpegLayout(head);
  }
  return { head, layout };
}

/**
 * What exifr reads: the head of segment-ordered formats as a buffer (its own chunked file
 * reading misses EXIF behind some ICC segments), and whole files for HEIC and TIFF, whose
 * metadata may sit anywhere (read through the open handle, under the size cap).
 */
async function tagSource(
  handle: PhotoHandle,
  format: PhotoFormat,
  head: Buffer,
  maxFileBytes: number,
): Promise<Buffer> {
  return format === 'heic' || format === 'tiff' ? readWhole(handle, maxFileBytes) : head;
}

/**
 * Pixel size: from the JPEG frame header or the PNG IHDR when they were read, otherwise from the
 * image library's header reader (HEIC included), and EXIF's copy as the last resort.
 */
async function pixelSize(
  format: PhotoFormat,
  source: Buffer,
  layout: JpegLayout | undefined,
  tags: PhotoTags,
): Promise<{ width: number | undefined; height: number | undefined }> {
  if (layout?.kind === 'found' && layout.width !== undefined)
    return { width: layout.width, height: layout.height };
  const png = format === 'png' ? pngSize(source) : undefined;
  if (png) return png;
  try {
    // Loaded on demand: most photos are JPEGs and never need it here.
    const { default: sharp } = await import('sharp');
    const metadata = await sharp(source, {
      failOn: 'none',
      limitInputPixels: MAX_IMAGE_PIXELS,
    }).metadata();
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
function mainScanOffset(
  layout: JpegLayout | undefined,
  headLength: number,
  fileSize: number,
): number | undefined {
  if (layout?.kind === 'found') return layout.scanStart;
  if (layout?.kind === 'ended' && headLength >= fileSize) return fileSize;
  return undefined;
}

/**
 * Recognises a file by its magic bytes and reads what the upload needs: capture time with the
 * rule that decided its zone, GPS position, size in pixels, orientation, camera. The file is
 * opened once (see `openForInspection`; `reads` says how) and read only through that handle. Never throws: every
 * problem becomes a skipped or error item with a reason, or a note on the photo.
 */
export async function readMetadata(
  file: CrawledFile,
  assumedZone: string,
  maxFileBytes: number = DEFAULT_MAX_FILE_BYTES,
  cameraOffsets: readonly CameraOffset[] = [],
  reads: InspectionReads = 'pooled',
): Promise<MetadataResult> {
  const opened = await openForInspection(file, maxFileBytes, reads);
  if (!opened.ok) return opened.item;
  try {
    return await metadataOf(opened.file, file, assumedZone, maxFileBytes, cameraOffsets);
  } finally {
    await opened.file.handle.close().catch(() => undefined);
  }
}

/** `readMetadata` on a file already opened and checked. Never throws. */
export async function metadataOf(
  opened: OpenedRegularFile<PhotoHandle>,
  file: CrawledFile,
  assumedZone: string,
  maxFileBytes: number,
  cameraOffsets: readonly CameraOffset[],
): Promise<MetadataResult> {
  const { path } = file;
  const { handle } = opened;
  let head: Buffer;
  let layout: JpegLayout | undefined;
  try {
    ({ head, layout } = await readHead(handle));
  } catch (error) {
    return { status: 'error', path, reason: fileErrorReason(error) };
  }
  if (head.length === 0) return { status: 'skipped', path, reason: words('reason.intake.empty') };
  const kind = await recognise(head.subarray(0, HEADER_BYTES));
  if (!kind.ok) {
    return {
      status: 'skipped',
      path,
      reason:
        kind.found === UNKNOWN_CONTENT
          ? words('reason.intake.notAPhotoUnknown')
          : words('reason.intake.notAPhoto', { type: kind.found }),
    };
  }
  let tags = NO_TAGS;
  let exifDamaged = false;
  let source: Buffer = head;
  try {
    source = await tagSource(handle, kind.format, head, maxFileBytes);
    tags = await readPhotoTags(source);
  } catch {
    exifDamaged = true;
  }
  const clockOffset = findCameraOffset(cameraOffsets, cameraOf(tags))?.offsetSeconds ?? 0;
  const capture = resolveCaptureTime(
    { ...tags, fileModifiedMs: file.modifiedMs },
    assumedZone,
    clockOffset,
  );
  const note = photoNote(exifDamaged, capture.rule === 'file-time');
  const { width, height } = await pixelSize(kind.format, source, layout, tags);
  // Refused before anything decodes it (thumbnail, the service): a pixel bomb, or no photo.
  if (width !== undefined && height !== undefined && hasTooManyPixels(width, height))
    return { status: 'skipped', path, reason: tooManyPixelsReason(width, height) };
  return {
    status: 'photo',
    path,
    format: kind.format,
    size: opened.size,
    capture,
    coordinates: tags.position,
    width,
    height,
    orientation: tags.orientation,
    make: tags.make,
    model: tags.model,
    ...(tags.serial === undefined ? {} : { serial: tags.serial }),
    note,
    identity: opened.identity,
    scanStart:
      kind.format === 'jpeg' ? mainScanOffset(layout, head.length, opened.size) : undefined,
  };
}

/**
 * Metadata plus the MD5 of the bytes, both read through one handle opened once (see
 * `openForInspection`): a FIFO, socket or device is skipped at once, a file swapped since the
 * crawl is refused. A truncated JPEG or PNG, or a file that vanishes while it is read, becomes
 * an error item with its reason. `duplicateOf` is decided by the caller.
 */
export async function inspectFile(
  file: CrawledFile,
  assumedZone: string,
  maxFileBytes: number = DEFAULT_MAX_FILE_BYTES,
  cameraOffsets: readonly CameraOffset[] = [],
  reads: InspectionReads = 'pooled',
): Promise<IntakeItem> {
  const opened = await openForInspection(file, maxFileBytes, reads);
  if (!opened.ok) return opened.item;
  try {
    const metadata = await metadataOf(opened.file, file, assumedZone, maxFileBytes, cameraOffsets);
    if (metadata.status !== 'photo') return metadata;
    const hashed = await hashOpenFile(opened.file.handle, metadata.format, {
      jpegScanStart: metadata.scanStart,
      maxBytes: maxFileBytes,
    });
    return withHash(metadata, hashed);
  } catch (error) {
    return { status: 'error', path: file.path, reason: fileErrorReason(error) };
  } finally {
    await opened.file.handle.close().catch(() => undefined);
  }
}

/**
 * The intake item of a photo whose bytes were hashed: the photo with its MD5 and the size read,
 * or an error item when the image is truncated. `duplicateOf` is decided by the caller.
 */
export function withHash(metadata: PhotoMetadata, hashed: HashResult): IntakeItem {
  if (!hashed.complete)
    return { status: 'error', path: metadata.path, reason: words('reason.intake.truncated') };
  const { scanStart: _scanStart, ...photo } = metadata;
  return { ...photo, size: hashed.size, md5: hashed.md5, duplicateOf: undefined };
}

/** What the user should know about a photo that can still be uploaded, in words. */
function photoNote(exifDamaged: boolean, fileTime: boolean): Words | undefined {
  if (exifDamaged && fileTime) return words('reason.intake.exifDamagedNoCaptureDate');
  if (exifDamaged) return words('reason.intake.exifDamaged');
  return fileTime ? words('reason.intake.noCaptureDate') : undefined;
}
