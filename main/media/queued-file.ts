import { createHash } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import type { FileIdentity, PhotoFormat } from '../../shared/domain/intake';
import { HEADER_BYTES, recognise, UNKNOWN_CONTENT } from './file-kind';
import type { Words } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';
import { fsErrorReason } from './fs-error-reason';
import { SAFE_OPEN_FLAGS, sameIdentity } from './open-regular-file';

/** A queued photo, opened and checked again just before it is uploaded. */
export type VerifiedFile = {
  /** The open file: upload from it, not from the path, so a swap after the check cannot slip in. */
  readonly handle: FileHandle;
  /** Bytes hashed; upload exactly these. */
  readonly size: number;
  readonly md5: string;
  readonly format: PhotoFormat;
  /** What the open file is on disk, from its handle. */
  readonly identity: FileIdentity;
};

export type QueuedFileCheck =
  | { readonly ok: true; readonly file: VerifiedFile }
  | { readonly ok: false; readonly reason: Words };

/** Bytes read at a time while hashing. */
const READ_BYTES = 1024 * 1024;

const NAMES: Readonly<Record<PhotoFormat, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  heic: 'HEIC',
  tiff: 'TIFF',
  webp: 'WebP',
};

/**
 * Why a queued photo whose file is not the one intake read is not uploaded: another file is at
 * its path, it was changed in place, or a folder on its way was swapped for a link.
 */
export const NOT_THE_QUEUED_FILE: Words = words('reason.queue.notTheQueuedFile');

/** {@link NOT_THE_QUEUED_FILE} in English, as the command line says it. */
export const NOT_THE_QUEUED_FILE_REASON = englishFor(NOT_THE_QUEUED_FILE);

/** Why the queued file cannot be opened again, in words that say it changed since it was queued. */
function openErrorReason(error: unknown): Words {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  // O_NOFOLLOW answers ELOOP for a link (Linux, macOS) or EMLINK (FreeBSD).
  if (code === 'ELOOP' || code === 'EMLINK') return words('reason.queue.replacedByLink');
  // A socket cannot be opened at all.
  if (code === 'ENXIO') return words('reason.queue.replacedBySocket');
  return fileErrorReason(error);
}

/** A file system error on the queued file: gone or unreadable since it was queued, else as intake says it. */
function fileErrorReason(error: unknown): Words {
  const said = fsErrorReason(error, 'file');
  if (said.key === 'reason.intake.gone') return words('reason.queue.fileGoneSinceQueued');
  if (said.key === 'reason.intake.permissionDenied')
    return words('reason.staging.permissionDenied');
  return said;
}

/** Mebibytes, whole, as the size limits are said. */
const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function hashOpenFile(
  handle: FileHandle,
  maxBytes: number,
  signal: AbortSignal | undefined,
): Promise<{ md5: string; size: number } | undefined> {
  const hash = createHash('md5');
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  let size = 0;
  for (;;) {
    signal?.throwIfAborted();
    const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, size);
    if (bytesRead === 0) return { md5: hash.digest('hex'), size };
    size += bytesRead;
    // A file that grows while it is read is not read without end.
    if (size > maxBytes) return undefined;
    hash.update(buffer.subarray(0, bytesRead));
  }
}

/**
 * Opens a queued photo again for its upload and checks it as intake did: opened without
 * following links and without waiting on a FIFO, a regular file (not a folder, device, FIFO or
 * socket), the same file intake read (`expected`: device, inode, size and modification time, on
 * the open handle, when the queue recorded them), not empty, at most `maxBytes`, still a photo of
 * the queued `format` by its magic bytes; then hashed. Every refusal is a reason for the user; on
 * success the caller owns `file.handle` and must close it.
 * @throws only the abort reason when `signal` aborts (nothing is left open).
 */
export async function openQueuedFile(
  path: string,
  format: PhotoFormat,
  options: {
    readonly maxBytes: number;
    readonly signal?: AbortSignal | undefined;
    readonly expected?: FileIdentity | null | undefined;
  },
): Promise<QueuedFileCheck> {
  const { maxBytes, signal, expected } = options;
  signal?.throwIfAborted();
  let handle: FileHandle;
  try {
    handle = await open(path, SAFE_OPEN_FLAGS);
  } catch (error) {
    return { ok: false, reason: openErrorReason(error) };
  }
  let keep = false;
  try {
    const refusal = await check(handle, format, { maxBytes, signal, expected });
    if ('key' in refusal) return { ok: false, reason: refusal };
    keep = true;
    return { ok: true, file: { handle, format, ...refusal } };
  } catch (error) {
    signal?.throwIfAborted();
    return { ok: false, reason: fileErrorReason(error) };
  } finally {
    if (!keep) await handle.close().catch(() => undefined);
  }
}

/** The reason the open file cannot be uploaded, or its MD5 and size. */
async function check(
  handle: FileHandle,
  format: PhotoFormat,
  options: {
    readonly maxBytes: number;
    readonly signal: AbortSignal | undefined;
    readonly expected: FileIdentity | null | undefined;
  },
): Promise<Words | { md5: string; size: number; identity: FileIdentity }> {
  const { maxBytes, signal, expected } = options;
  const big = await handle.stat({ bigint: true });
  if (big.isDirectory()) return words('reason.queue.folderNow');
  if (!big.isFile()) return words('reason.queue.replacedByDevice');
  const stats = { size: Number(big.size) };
  const identity: FileIdentity = {
    dev: big.dev.toString(),
    ino: big.ino.toString(),
    size: stats.size,
    mtimeNs: big.mtimeNs.toString(),
  };
  // Checked on the open handle, before a byte is read: a file reached through a folder swapped
  // for a link has another device or inode.
  if (expected !== null && expected !== undefined && !sameIdentity(expected, identity))
    return NOT_THE_QUEUED_FILE;
  if (stats.size === 0) return words('reason.queue.emptyNow');
  if (stats.size > maxBytes) return words('reason.queue.tooLargeNow', { limit: mib(maxBytes) });
  const header = Buffer.alloc(Math.min(HEADER_BYTES, stats.size));
  const { bytesRead } = await handle.read(header, 0, header.length, 0);
  const kind = await recognise(header.subarray(0, bytesRead));
  if (!kind.ok)
    return words('reason.queue.noLongerAPhoto', {
      type: kind.found === UNKNOWN_CONTENT ? 'unknown' : kind.found,
    });
  if (kind.format !== format)
    return words('reason.queue.otherFormatNow', {
      found: NAMES[kind.format],
      queued: NAMES[format],
    });
  const hashed = await hashOpenFile(handle, maxBytes, signal);
  if (hashed === undefined) return words('reason.queue.grewWhileReading', { limit: mib(maxBytes) });
  if (hashed.size === 0) return words('reason.queue.emptyNow');
  return { ...hashed, identity };
}
