import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import exifr from 'exifr';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { englishFor } from '../../shared/i18n/words';
import { hasTooManyPixels, MAX_IMAGE_PIXELS, tooManyPixelsReason } from './media-limits';

/** The formats a browser cannot show and the service does not document: sent as JPEG. */
export const CONVERTED_FORMATS = ['heic', 'tiff'] as const;
export type ConvertedFormat = (typeof CONVERTED_FORMATS)[number];

/** A converted file (and its `.partial`) is owner-only: it keeps the photo's GPS position. */
export const CONVERTED_FILE_MODE = 0o600;

/** JPEG quality of a converted photo. */
export const CONVERTED_JPEG_QUALITY = 90;

const LIMITS = { limitInputPixels: MAX_IMAGE_PIXELS } as const;

/** EXIF values as libvips writes them: tag name → text (rationals as `n/d`, space-separated). */
type ExifDirectory = Record<string, string>;

/** The tags carried over, by the IFD libvips writes them to and exifr's name → libvips' name. */
const EXIF_TAGS: Readonly<Record<string, string>> = {
  DateTimeOriginal: 'DateTimeOriginal',
  CreateDate: 'DateTimeDigitized',
  OffsetTimeOriginal: 'OffsetTimeOriginal',
  OffsetTimeDigitized: 'OffsetTimeDigitized',
  OffsetTime: 'OffsetTime',
  SubSecTimeOriginal: 'SubSecTimeOriginal',
};
const GPS_TEXT_TAGS = ['GPSLatitudeRef', 'GPSLongitudeRef', 'GPSDateStamp', 'GPSMapDatum'] as const;
const GPS_RATIONAL_TAGS = ['GPSLatitude', 'GPSLongitude', 'GPSAltitude', 'GPSTimeStamp'] as const;

/** Precision of a rational written back: micro-units (0.000001" of a degree's seconds). */
const RATIONAL_DENOMINATOR = 1_000_000;

function asText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const end = value.indexOf('\0');
  const trimmed = (end === -1 ? value : value.slice(0, end)).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Unsigned rationals as libvips parses them: `n/d` for each component, space-separated. */
function asRationals(value: unknown): string | undefined {
  const parts = typeof value === 'number' ? [value] : Array.isArray(value) ? value : undefined;
  if (parts === undefined || parts.length === 0) return undefined;
  if (!parts.every((part) => typeof part === 'number' && Number.isFinite(part) && part >= 0))
    return undefined;
  return parts
    .map((part: number) => `${Math.round(part * RATIONAL_DENOMINATOR)}/${RATIONAL_DENOMINATOR}`)
    .join(' ');
}

function byteValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof Uint8Array) return value[0];
  if (Array.isArray(value) && typeof value[0] === 'number') return value[0];
  return undefined;
}

/** exifr's merged output, parsed: an object of tag name → value (anything else has no tags). */
const exifOutput = z.record(z.string(), z.unknown()).catch({});

/** The original's date, offset and GPS tags, ready for sharp's `withExif`. */
export async function carriedExif(
  bytes: Buffer,
): Promise<{ IFD0: ExifDirectory; IFD2: ExifDirectory; IFD3: ExifDirectory }> {
  let parsed: unknown;
  try {
    parsed = await exifr.parse(bytes, {
      // Revived dates use the host's zone and drop offsets: the text is copied as written.
      reviveValues: false,
      translateValues: false,
      translateKeys: true,
      mergeOutput: true,
      tiff: true,
      exif: true,
      gps: true,
      xmp: false,
      icc: false,
      iptc: false,
    });
  } catch {
    parsed = undefined;
  }
  const raw = exifOutput.parse(parsed);
  const field = (name: string): unknown => raw[name];
  const ifd2: ExifDirectory = {};
  for (const [from, to] of Object.entries(EXIF_TAGS)) {
    const value = asText(field(from));
    if (value !== undefined) ifd2[to] = value;
  }
  const ifd3: ExifDirectory = {};
  for (const name of GPS_TEXT_TAGS) {
    const value = asText(field(name));
    if (value !== undefined) ifd3[name] = value;
  }
  for (const name of GPS_RATIONAL_TAGS) {
    const value = asRationals(field(name));
    if (value !== undefined) ifd3[name] = value;
  }
  const altitudeRef = byteValue(field('GPSAltitudeRef'));
  if (altitudeRef !== undefined && ifd3.GPSAltitude !== undefined)
    ifd3.GPSAltitudeRef = String(altitudeRef);
  // The pixels are written upright, so the orientation says so.
  return { IFD0: { Orientation: '1' }, IFD2: ifd2, IFD3: ifd3 };
}

/** Upright pixels of a HEIC photo: libheif (WebAssembly) decodes it and applies its rotation. */
async function decodeHeic(bytes: Buffer): Promise<Sharp> {
  // libheif has no pixel limit of its own: the header is checked before it decodes anything.
  const { width = 0, height = 0 } = await sharp(bytes, LIMITS).metadata();
  if (hasTooManyPixels(width, height))
    throw new Error(englishFor(tooManyPixelsReason(width, height)));
  const { default: decode } = await import('heic-decode');
  const image = await decode({ buffer: bytes });
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    ...LIMITS,
    raw: { width: image.width, height: image.height, channels: 4 },
  });
}

/**
 * Converts a HEIC/HEIF or TIFF photo to a JPEG at `target`: quality 90, turned upright (HEIC by
 * libheif's own transforms, TIFF by its orientation tag), with the original's capture date,
 * offset and GPS tags written into the JPEG's EXIF. Nothing else of the original's metadata is
 * kept (the orientation tag says 1: the pixels are upright). Written beside and renamed, so a
 * half-written file never stands at `target`.
 * @throws when the original cannot be decoded.
 */
export async function convertToJpeg(request: {
  readonly path: string;
  readonly format: ConvertedFormat;
  readonly target: string;
}): Promise<void> {
  const bytes = await readFile(request.path);
  const exif = await carriedExif(bytes);
  const pixels =
    request.format === 'heic'
      ? await decodeHeic(bytes)
      : // libvips reads the TIFF orientation tag; autoOrient also clears libvips' own orientation
        // field, which would otherwise be written into the JPEG and turn it a second time.
        sharp(bytes, { ...LIMITS, failOn: 'none' }).autoOrient();
  const jpeg = await pixels.jpeg({ quality: CONVERTED_JPEG_QUALITY }).withExif(exif).toBuffer();
  await mkdir(dirname(request.target), { recursive: true, mode: 0o700 });
  const partial = `${request.target}.${process.pid}.partial`;
  try {
    await writeFile(partial, jpeg, { mode: CONVERTED_FILE_MODE });
    await rename(partial, request.target);
  } finally {
    await rm(partial, { force: true });
  }
}
