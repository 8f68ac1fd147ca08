import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { DEFAULT_MAX_FILE_BYTES } from './file-limits';

/**
 * The most pixels an image may claim to be read or shown: 16383 × 16383 (about 268 megapixels,
 * sharp's own default), far above any camera. A small file whose header claims more is a
 * decompression bomb: decoding it would take gigabytes.
 */
export const MAX_IMAGE_PIXELS = 16383 * 16383;

/**
 * Heap limits of the worker threads, in MiB of V8's old generation. A worker that reaches its
 * limit dies alone (its file becomes an error item and the worker is replaced), not the app.
 * File bytes and decoded pixels live outside this heap: the per-file size limit and
 * `MAX_IMAGE_PIXELS` bound those.
 */
export const WORKER_HEAP_MB = { inspector: 256, crawler: 512 } as const;

const MIB = 1024 * 1024;

/** Megabytes (MiB) with one decimal at most, rounded in the given direction. */
function megabytes(bytes: number, round: (value: number) => number): number {
  return round((bytes / MIB) * 10) / 10;
}

/** The reason a file over the per-file size limit is refused; sizes in bytes. */
export function tooLargeReason(size: number, maxFileBytes: number = DEFAULT_MAX_FILE_BYTES): Words {
  // The size rounds up and the limit down, so a file just over the limit never reads as equal.
  return words('reason.intake.tooLarge', {
    size: megabytes(size, Math.ceil),
    limit: megabytes(maxFileBytes, Math.floor),
  });
}

/** Whether an image's pixel size (from its header) is over `MAX_IMAGE_PIXELS`. */
export function hasTooManyPixels(width: number, height: number): boolean {
  return width * height > MAX_IMAGE_PIXELS;
}

/** The reason an image claiming more than `MAX_IMAGE_PIXELS` is refused. */
export function tooManyPixelsReason(width: number, height: number): Words {
  const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);
  return words('reason.intake.tooManyPixels', {
    width,
    height,
    megapixels: megapixels(width * height),
    limit: megapixels(MAX_IMAGE_PIXELS),
  });
}
