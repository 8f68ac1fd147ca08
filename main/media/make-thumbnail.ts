import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import exifr from 'exifr';
import sharp, { type Sharp } from 'sharp';
import type { FileIdentity, PhotoFormat } from '../../shared/domain/intake';
import { englishFor } from '../../shared/i18n/words';
import { DEFAULT_MAX_FILE_BYTES } from './file-limits';
import { hasTooManyPixels, MAX_IMAGE_PIXELS, tooManyPixelsReason } from './media-limits';
import { readRegularFile } from './open-regular-file';

/** Longest edge of a thumbnail, in pixels. */
export const THUMBNAIL_EDGE = 320;

/** Every decode refuses images over the pixel limit instead of allocating gigabytes. */
const LIMITS = { limitInputPixels: MAX_IMAGE_PIXELS } as const;

/** Embedded thumbnails smaller than this are too blurry to show; a new one is made instead. */
const MIN_EMBEDDED_EDGE = 120;

/**
 * Turns a pixel pipeline upright for an EXIF orientation (1–8). sharp mirrors before it
 * rotates, so each transform is written as mirror-then-rotate.
 */
export function orient(image: Sharp, orientation: number): Sharp {
  switch (orientation) {
    case 2:
      return image.flop();
    case 3:
      return image.rotate(180);
    case 4:
      return image.flip();
    case 5:
      return image.flop().rotate(270);
    case 6:
      return image.rotate(90);
    case 7:
      return image.flop().rotate(90);
    case 8:
      return image.rotate(270);
    default:
      return image;
  }
}

async function embedded(bytes: Buffer): Promise<Buffer | undefined> {
  try {
    const thumbnail = await exifr.thumbnail(bytes);
    if (thumbnail === undefined) return undefined;
    const buffer = Buffer.from(thumbnail);
    const { width = 0, height = 0 } = await sharp(buffer, LIMITS).metadata();
    return Math.max(width, height) >= MIN_EMBEDDED_EDGE ? buffer : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a JPEG thumbnail (longest edge 320 px, upright) for a photo to `target`: from the
 * embedded EXIF thumbnail when there is a usable one, otherwise downscaled from the image
 * itself. HEIC is decoded with libheif (WebAssembly), which applies its own rotation.
 * @throws when the file is not a regular file of at most `maxBytes`, or the image cannot be
 * decoded at all.
 */
export async function makeThumbnail(request: {
  readonly path: string;
  readonly format: PhotoFormat;
  readonly orientation: number;
  readonly target: string;
  /** The largest file read (default 500 MiB). */
  readonly maxBytes?: number | undefined;
  /** The file as intake read it, when known: another file at the path is refused. */
  readonly expected?: FileIdentity | undefined;
}): Promise<'embedded' | 'decoded'> {
  // Opened once, never waiting on a FIFO, read under the size cap: without `expected` a link is
  // refused (O_NOFOLLOW on the path itself); with it, the handle must be that very file.
  const bytes = await readRegularFile(
    request.path,
    request.maxBytes ?? DEFAULT_MAX_FILE_BYTES,
    request.expected,
  );
  let pipeline: Sharp;
  let source: 'embedded' | 'decoded' = 'decoded';
  const fromExif = request.format === 'heic' ? undefined : await embedded(bytes);
  if (fromExif) {
    pipeline = orient(sharp(fromExif, LIMITS), request.orientation);
    source = 'embedded';
  } else if (request.format === 'heic') {
    // libheif has no pixel limit of its own: the header is checked before it decodes anything.
    const { width = 0, height = 0 } = await sharp(bytes, LIMITS).metadata();
    if (hasTooManyPixels(width, height))
      throw new Error(englishFor(tooManyPixelsReason(width, height)));
    // libheif is a large WebAssembly module: loaded only when a HEIC photo needs it.
    const { default: decodeHeic } = await import('heic-decode');
    const image = await decodeHeic({ buffer: bytes });
    pipeline = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      ...LIMITS,
      raw: { width: image.width, height: image.height, channels: 4 },
    });
  } else {
    pipeline = orient(sharp(bytes, { ...LIMITS, failOn: 'none' }), request.orientation);
  }
  const jpeg = await pipeline
    .resize({
      width: THUMBNAIL_EDGE,
      height: THUMBNAIL_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .jpeg({ quality: 80 })
    .toBuffer();
  // Owner-only, like the rest of the data folder: a thumbnail shows what the photo shows.
  await mkdir(dirname(request.target), { recursive: true, mode: 0o700 });
  // Write beside and rename, so a half-written thumbnail is never served from the cache.
  const partial = `${request.target}.${process.pid}.partial`;
  await writeFile(partial, jpeg, { mode: 0o600 });
  await rename(partial, request.target);
  return source;
}
