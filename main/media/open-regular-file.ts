import { type BigIntStats, closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { type FileHandle, open, realpath } from 'node:fs/promises';
import type { FileIdentity } from '../../shared/domain/intake';

/**
 * How every photo is opened: no link is followed (a file replaced by a link is refused) and
 * opening a FIFO does not wait for a writer, so a FIFO never holds a thread of the process's
 * file-system pool. Windows has neither flag; there the type check on the handle still holds.
 */
export const SAFE_OPEN_FLAGS =
  constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** What an open photo is read through: a `FileHandle`, or a worker thread's `DirectHandle`. */
export type PhotoHandle = {
  read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
};

/**
 * A descriptor read by the calling thread itself (`readSync`), for the media worker threads:
 * each read is one system call on the thread that then parses or hashes the bytes while they are
 * still in its core's cache, where a `FileHandle` sends every call through the process's
 * four-thread file-system pool and back. Even the first read of a file, the one that waits for
 * the disk, is the thread's own: through the pool, its dispatch alone cost an inspector more
 * than a tenth of its time, and 2,000 photos from a cold disk took 0.79–0.84 s against
 * 0.72–0.80 s with every read on the thread (issue 26's profile). The disk still has several reads
 * to serve at once: there are more inspector threads than cores (`defaultInspectors`). A read
 * that hangs (a stuck network drive) blocks this thread alone: the inspectors' watchdog gives the
 * file up and starts another thread (see `MediaWorkers`). Never for main's event loop.
 */
export class DirectHandle implements PhotoHandle {
  #fd: number | undefined;

  constructor(fd: number) {
    this.#fd = fd;
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- a throw becomes a rejection
  async read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ bytesRead: number }> {
    return { bytesRead: this.readNow(buffer.subarray(offset, offset + length), position) };
  }

  /** Fills `buffer` from `position` as far as one `readSync` goes: the bytes read, 0 at the end. */
  readNow(buffer: Buffer, position: number): number {
    const fd = this.#fd;
    if (fd === undefined) throw Object.assign(new Error('closed'), { code: 'EBADF' });
    return readSync(fd, buffer, 0, buffer.length, position);
  }

  /** `fstat` of the open descriptor. */
  stat(): BigIntStats {
    if (this.#fd === undefined) throw Object.assign(new Error('closed'), { code: 'EBADF' });
    return fstatSync(this.#fd, { bigint: true });
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- a throw becomes a rejection
  async close(): Promise<void> {
    this.closeNow();
  }

  /** `close`, at once. */
  closeNow(): void {
    const fd = this.#fd;
    this.#fd = undefined;
    if (fd !== undefined) closeSync(fd);
  }
}

/** A photo opened for reading: a regular file, at most the size cap when it was opened. */
export type OpenedRegularFile<Handle extends PhotoHandle = FileHandle> = {
  readonly handle: Handle;
  /** Its size as opened, in bytes. */
  readonly size: number;
  /** What it is on disk (device, inode, size, modification time), from the handle. */
  readonly identity: FileIdentity;
};

/** Why a path was not opened as a photo. */
export type OpenRefusal =
  | { readonly kind: 'link' }
  | { readonly kind: 'special' }
  | { readonly kind: 'folder' }
  | { readonly kind: 'too-large'; readonly size: number }
  | { readonly kind: 'error'; readonly error: unknown };

export type OpenResult<Handle extends PhotoHandle = FileHandle> =
  | { readonly ok: true; readonly file: OpenedRegularFile<Handle> }
  | { readonly ok: false; readonly refusal: OpenRefusal };

/** Opens a path as a photo: `openRegularFile` (main, tests) or `openRegularFileDirect` (workers). */
export type PhotoOpener = (path: string, maxBytes: number) => Promise<OpenResult<PhotoHandle>>;

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

/**
 * Opens `path` once with `SAFE_OPEN_FLAGS` and checks the open handle (`fstat`): a regular file
 * of at most `maxBytes`. Everything read afterwards comes from this handle, so a swap of the path
 * after the check reads nothing else. Never throws; on success the caller closes the handle.
 */
export async function openRegularFile(path: string, maxBytes: number): Promise<OpenResult> {
  let handle: FileHandle;
  try {
    handle = await open(path, SAFE_OPEN_FLAGS);
  } catch (error) {
    return { ok: false, refusal: openErrorRefusal(error) };
  }
  try {
    return await opened(handle, await handle.stat({ bigint: true }), maxBytes);
  } catch (error) {
    await handle.close().catch(() => undefined);
    return { ok: false, refusal: { kind: 'error', error } };
  }
}

/**
 * `openRegularFile` for a media worker thread: the same flags and the same checks on the open
 * descriptor (`fstat`), made by the calling thread itself; the file is read through a
 * `DirectHandle`. Never throws; on success the caller closes the handle.
 */
export async function openRegularFileDirect(
  path: string,
  maxBytes: number,
): Promise<OpenResult<DirectHandle>> {
  let handle: DirectHandle;
  try {
    handle = new DirectHandle(openSync(path, SAFE_OPEN_FLAGS));
  } catch (error) {
    return { ok: false, refusal: openErrorRefusal(error) };
  }
  try {
    return await opened(handle, handle.stat(), maxBytes);
  } catch (error) {
    await handle.close().catch(() => undefined);
    return { ok: false, refusal: { kind: 'error', error } };
  }
}

/** Why an open with `SAFE_OPEN_FLAGS` failed. */
function openErrorRefusal(error: unknown): OpenRefusal {
  const code = codeOf(error);
  // O_NOFOLLOW answers ELOOP for a link (Linux, macOS) or EMLINK (FreeBSD).
  if (code === 'ELOOP' || code === 'EMLINK') return { kind: 'link' };
  // A socket cannot be opened at all.
  if (code === 'ENXIO') return { kind: 'special' };
  if (code === 'EISDIR') return { kind: 'folder' };
  return { kind: 'error', error };
}

/** The open handle as a photo when its `fstat` says a regular file within `maxBytes`; else closed. */
async function opened<Handle extends PhotoHandle>(
  handle: Handle,
  stats: BigIntStats,
  maxBytes: number,
): Promise<OpenResult<Handle>> {
  const refusal: OpenRefusal | undefined = stats.isDirectory()
    ? { kind: 'folder' }
    : !stats.isFile()
      ? { kind: 'special' }
      : stats.size > BigInt(maxBytes)
        ? { kind: 'too-large', size: Number(stats.size) }
        : undefined;
  if (refusal !== undefined) {
    await handle.close();
    return { ok: false, refusal };
  }
  const size = Number(stats.size);
  return {
    ok: true,
    file: {
      handle,
      size,
      identity: {
        dev: stats.dev.toString(),
        ino: stats.ino.toString(),
        size,
        mtimeNs: stats.mtimeNs.toString(),
      },
    },
  };
}

/** Whether two identities are the same file in the same state (same inode, size and time). */
export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}

/**
 * Every byte of an open file, read through its handle, at most `maxBytes`.
 * @throws an error with code `EFBIG` when the file grew beyond `maxBytes` (see `fsErrorReason`).
 */
export async function readWhole(handle: PhotoHandle, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.min(1024 * 1024, maxBytes + 1 - size));
    if (chunk.length === 0)
      throw Object.assign(new Error('The file grew beyond the size limit'), { code: 'EFBIG' });
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, size);
    if (bytesRead === 0) return Buffer.concat(chunks);
    chunks.push(chunk.subarray(0, bytesRead));
    size += bytesRead;
  }
}

/**
 * Every byte of the regular file at `path`, opened once as `openRegularFile` does (a last link is
 * refused, a FIFO never waited on) and read through that handle, at most `maxBytes`. With
 * `expected` (the file as intake read it), the handle must be that very file (device, inode,
 * size, time): then a link on the way may be followed (the real path is opened), because another
 * file than the expected one is refused on the handle, before a byte is read.
 * @throws an error with a file-system code: `ELOOP` (a link), `EFTYPE` (a FIFO, socket or
 * device), `EISDIR`, `EFBIG` (over `maxBytes`), `ESTALE` (not the expected file), or what the
 * file system threw.
 */
export async function readRegularFile(
  path: string,
  maxBytes: number,
  expected?: FileIdentity,
): Promise<Buffer> {
  const opened = await openRegularFile(
    expected === undefined ? path : await realpath(path),
    maxBytes,
  );
  if (!opened.ok) throw refusalError(opened.refusal);
  try {
    if (expected !== undefined && !sameIdentity(expected, opened.file.identity))
      throw Object.assign(new Error('Not the file that was read before'), { code: 'ESTALE' });
    return await readWhole(opened.file.handle, maxBytes);
  } finally {
    await opened.file.handle.close();
  }
}

/** An error with a file-system code for a refused open (see `fsErrorReason`). */
export function refusalError(refusal: OpenRefusal): unknown {
  const coded = (code: string, message: string) => Object.assign(new Error(message), { code });
  switch (refusal.kind) {
    case 'error':
      return refusal.error;
    case 'link':
      return coded('ELOOP', 'The file is a link');
    case 'special':
      return coded('EFTYPE', 'Not a regular file (a device, pipe or socket)');
    case 'folder':
      return coded('EISDIR', 'A folder, not a file');
    case 'too-large':
      return coded('EFBIG', 'The file is larger than the size limit');
  }
}
