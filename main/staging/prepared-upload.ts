import { createHash } from 'node:crypto';
import { type FileHandle, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FileIdentity, PhotoFormat } from '../../shared/domain/intake';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import {
  CONVERTED_FILE_MODE,
  CONVERTED_FORMATS,
  type ConvertedFormat,
} from '../media/convert-to-jpeg';
import { openQueuedFile, type VerifiedFile } from '../media/queued-file';
import { asReasonWords } from '../queue/queue-reason';

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
  | { readonly ok: false; readonly reason: Words };

const nothingToCleanUp = () => Promise.resolve();

/**
 * The staging folder's file of queue item `id`: `jpg` (the converted JPEG) or `source` (the
 * checked bytes it is made from). `staging-leftovers.ts` reads these names back.
 */
export function stagingName(id: number, kind: 'jpg' | 'source'): string {
  return `item-${id}.${kind}`;
}

/** Bytes copied at a time from the checked file. */
const COPY_BYTES = 1024 * 1024;

/**
 * Copies the first `size` bytes of the open, checked file to `target` (owner-only) and returns
 * their MD5, so the caller can tell they are still the bytes that were checked.
 */
async function copyVerified(handle: FileHandle, size: number, target: string): Promise<string> {
  const hash = createHash('md5');
  const bytes = Buffer.alloc(size);
  let read = 0;
  while (read < size) {
    const { bytesRead } = await handle.read(bytes, read, Math.min(COPY_BYTES, size - read), read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  const copied = bytes.subarray(0, read);
  hash.update(copied);
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  await writeFile(target, copied, { mode: CONVERTED_FILE_MODE });
  return hash.digest('hex');
}

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
    /** The file as intake read it, when the queue recorded it: another file is refused. */
    readonly expected?: FileIdentity | null | undefined;
  },
): Promise<PreparedUploadCheck> {
  const { maxBytes, signal, conversion, expected } = options;
  const checked = await openQueuedFile(item.path, item.format, { maxBytes, signal, expected });
  // The file checks still say why in English: known sentences become words (see `asReasonWords`).
  if (!checked.ok) return { ok: false, reason: asReasonWords(checked.reason) };
  const original = { md5: checked.file.md5, size: checked.file.size };
  if (conversion === undefined || conversion.keepOriginals || !isConverted(item.format))
    return { ok: true, upload: { file: checked.file, original, cleanUp: nothingToCleanUp } };
  const target = join(conversion.stagingDir, stagingName(item.id, 'jpg'));
  // The converter reads a path (it runs on a media worker): it is given a private copy of the
  // bytes just checked, read through the checked handle, never the user's path again (a file
  // swapped there since the check would be converted and uploaded).
  const source = join(conversion.stagingDir, stagingName(item.id, 'source'));
  const cleanUp = () =>
    Promise.all([target, source].map((path) => rm(path, { force: true }))).then(
      () => undefined,
      () => undefined,
    );
  try {
    signal?.throwIfAborted();
    const copied = await copyVerified(checked.file.handle, checked.file.size, source);
    if (copied !== checked.file.md5) {
      await cleanUp();
      return { ok: false, reason: words('reason.staging.changedWhileReading') };
    }
    await conversion.convert({ path: source, format: item.format, target });
  } catch (error) {
    await cleanUp();
    signal?.throwIfAborted();
    // The converter's own message (technical) is passed on as it is, for whoever helps the user.
    const format = item.format === 'heic' ? 'HEIC' : 'TIFF';
    return {
      ok: false,
      reason:
        error instanceof Error
          ? words('reason.staging.conversionFailedBecause', {
              format,
              detail: error.message.slice(0, 2000),
            })
          : words('reason.staging.conversionFailed', { format }),
    };
  } finally {
    await checked.file.handle.close().catch(() => undefined);
    await rm(source, { force: true }).catch(() => undefined);
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
    return { ok: false, reason: asReasonWords(converted.reason) };
  }
  return { ok: true, upload: { file: converted.file, original, cleanUp } };
}
