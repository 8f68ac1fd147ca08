import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PhotoFormat } from '../../shared/domain/intake';
import { CONVERTED_FORMATS, type ConvertedFormat } from '../media/convert-to-jpeg';
import { openQueuedFile, type VerifiedFile } from '../media/queued-file';

/** Converts a photo to a JPEG at `target` (the media workers' `convertToJpeg`). */
export type JpegConverter = (request: {
  readonly path: string;
  readonly format: ConvertedFormat;
  readonly target: string;
}) => Promise<void>;

/** How HEIC/HEIF and TIFF photos are sent: converted into `stagingDir`, or as they are. */
export type ConversionOptions = {
  readonly convert: JpegConverter;
  /** A folder of the data folder for converted files; each is removed once it is staged. */
  readonly stagingDir: string;
  /** Send originals unchanged (the `keepOriginals` setting). */
  readonly keepOriginals: boolean;
};

/** The bytes to stage for a queued photo. */
export type PreparedUpload = {
  /** The open file to upload (the original, or its JPEG); the caller closes it, then `cleanUp`s. */
  readonly file: VerifiedFile;
  /** The original's MD5 and size, as checked now. */
  readonly original: { readonly md5: string; readonly size: number };
  /** Removes the converted file, if any. Never throws. */
  readonly cleanUp: () => Promise<void>;
};

export type PreparedUploadCheck =
  | { readonly ok: true; readonly upload: PreparedUpload }
  | { readonly ok: false; readonly reason: string };

const nothingToCleanUp = () => Promise.resolve();

function isConverted(format: PhotoFormat): format is ConvertedFormat {
  return CONVERTED_FORMATS.some((converted) => converted === format);
}

/**
 * Opens a queued photo for its upload (checked again as intake did, see `openQueuedFile`) and,
 * for a HEIC/HEIF or TIFF photo unless originals are kept, converts it to a JPEG in the staging
 * folder and opens that instead. The converted file is named after the queue item, so a
 * conversion lost in a crash is simply made again over it.
 * @throws only the abort reason when `signal` aborts (nothing is left open).
 */
export async function prepareUpload(
  item: { readonly id: number; readonly path: string; readonly format: PhotoFormat },
  options: {
    readonly maxBytes: number;
    readonly signal?: AbortSignal | undefined;
    readonly conversion?: ConversionOptions | undefined;
  },
): Promise<PreparedUploadCheck> {
  const { maxBytes, signal, conversion } = options;
  const checked = await openQueuedFile(item.path, item.format, { maxBytes, signal });
  if (!checked.ok) return checked;
  const original = { md5: checked.file.md5, size: checked.file.size };
  if (conversion === undefined || conversion.keepOriginals || !isConverted(item.format))
    return { ok: true, upload: { file: checked.file, original, cleanUp: nothingToCleanUp } };
  // The check above was of the original; the converted file is read from the path again.
  await checked.file.handle.close().catch(() => undefined);
  const target = join(conversion.stagingDir, `item-${item.id}.jpg`);
  const cleanUp = () => rm(target, { force: true }).catch(() => undefined);
  try {
    signal?.throwIfAborted();
    await conversion.convert({ path: item.path, format: item.format, target });
  } catch (error) {
    await cleanUp();
    signal?.throwIfAborted();
    const detail = error instanceof Error ? `: ${error.message}` : '';
    return {
      ok: false,
      reason: `The ${item.format === 'heic' ? 'HEIC' : 'TIFF'} photo could not be converted to JPEG for its upload${detail}`,
    };
  }
  // A JPEG can be larger than the original it came from; it is still a photo of this size class.
  const converted = await openQueuedFile(target, 'jpeg', { maxBytes, signal }).catch(
    async (error: unknown) => {
      await cleanUp();
      throw error;
    },
  );
  if (!converted.ok) {
    await cleanUp();
    return { ok: false, reason: converted.reason };
  }
  return { ok: true, upload: { file: converted.file, original, cleanUp } };
}
