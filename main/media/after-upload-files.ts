import { constants } from 'node:fs';
import { copyFile, link, lstat, mkdir, unlink, utimes } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  type AfterUpload,
  type AfterUploadResult,
  keptFolders,
  numberedName,
} from '../../shared/domain/after-upload';
import type { FileIdentity, PhotoFormat } from '../../shared/domain/intake';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { hashFile } from './hash-file';
import { openQueuedFile } from './queued-file';

// Issue 26 §3: the file system side of "tidy up after upload". Every step that changes a file is
// recorded first (`record`), so a restart finishes a move it began instead of making a second
// copy; nothing is ever deleted that is not also somewhere else (a link, a checked copy, the trash).

/** Puts one file in the system's trash (Electron's `shell.trashItem`, or a library). */
export type TrashPort = (path: string) => Promise<void>;

/** One uploaded photo's file to tidy, as the queue recorded it. */
export type TidyJob = {
  readonly path: string;
  /** The dropped or watched folder the path is kept under when moved. */
  readonly root: string;
  /** The MD5 queued (the original's, also for a HEIC sent as JPEG). */
  readonly md5: string;
  readonly format: PhotoFormat;
  /** The file as intake read it; none for rows queued before it was recorded (MD5 alone then). */
  readonly identity: FileIdentity | null;
  readonly action: Exclude<AfterUpload, { kind: 'leave' }>;
  /** What was recorded before: a move or trashing under way when the process stopped. */
  readonly recorded: AfterUploadResult | null;
};

/** Where the steps are recorded, and how a file goes to the trash. */
export type TidyPorts = {
  readonly trash: TrashPort;
  /** Records a step or the end, committed before the next file operation. */
  readonly record: (result: AfterUploadResult) => void;
};

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

/**
 * Errors of `link` after which a copy cannot do better: the name is taken (the next is tried)
 * or the source is gone. Any other (EXDEV across drives, EPERM, ENOTSUP, and what libuv reports
 * for links on FAT or exFAT, which differs by system) means "cannot link here": copy instead.
 */
const COPY_WONT_HELP = new Set(['EEXIST', 'ENOENT']);

/** The most numbered names tried before giving up (a folder full of `IMG_1 (n).jpg`). */
const MAX_NAMES = 10_000;

const left = (reason: Words): AfterUploadResult => ({ kind: 'left', reason });

async function lstatOrUndefined(path: string) {
  try {
    return await lstat(path, { bigint: true });
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** The MD5 of the regular file at `path`, or undefined when it cannot be read as one. */
async function md5Of(path: string, format: PhotoFormat): Promise<string | undefined> {
  try {
    return (await hashFile(path, format, { maxBytes: Number.MAX_SAFE_INTEGER })).md5;
  } catch {
    return undefined;
  }
}

/**
 * Finishes a move recorded as under way to `to`: the source linked there already, or a copy
 * there checked, loses its source; undefined when it must start over.
 */
async function resumeMove(job: TidyJob, to: string): Promise<AfterUploadResult | undefined> {
  const [source, target] = await Promise.all([lstatOrUndefined(job.path), lstatOrUndefined(to)]);
  if (target === undefined) return undefined;
  const linked = source !== undefined && source.dev === target.dev && source.ino === target.ino;
  if (linked || (await md5Of(to, job.format)) === job.md5) {
    if (source !== undefined && !linked) {
      // A finished copy: the source goes only when it is still the queued file.
      const check = await verified(job);
      if ('kind' in check) return check;
    }
    if (source !== undefined) await unlink(job.path);
    return { kind: 'moved', to };
  }
  // Someone else's file, or a copy cut short: it is left alone, and another name is chosen.
  return undefined;
}

/** The queued file's identity as checked now, or why it is left where it is. */
async function verified(job: TidyJob): Promise<FileIdentity | AfterUploadResult> {
  const opened = await openQueuedFile(job.path, job.format, {
    maxBytes: Number.MAX_SAFE_INTEGER,
    expected: job.identity,
  });
  if (!opened.ok)
    return left(
      opened.reason.key === 'reason.queue.fileGoneSinceQueued'
        ? words('reason.afterUpload.gone')
        : words('reason.afterUpload.changed'),
    );
  await opened.file.handle.close().catch(() => undefined);
  if (opened.file.md5 !== job.md5) return left(words('reason.afterUpload.changed'));
  return opened.file.identity;
}

/**
 * Tidies one uploaded photo's file as `job.action` says, only when it is still the file queued
 * (same device, inode, size, modification time and MD5): moved (hard link then unlink; across
 * devices a copy, checked by MD5, then unlink), or put in the trash. A name taken at the
 * destination gets a numbered one (`IMG_1 (2).jpg`): the new name is made exclusively (a link or
 * a `COPYFILE_EXCL` copy), never written over. Every refusal and failure leaves the file where it
 * is, with a reason. Returns the final result (also recorded).
 */
export async function tidyFile(job: TidyJob, ports: TidyPorts): Promise<AfterUploadResult> {
  const finish = (result: AfterUploadResult) => {
    ports.record(result);
    return result;
  };
  try {
    if (job.recorded?.kind === 'moving') {
      const resumed = await resumeMove(job, job.recorded.to);
      if (resumed !== undefined) return finish(resumed);
    }
    if (job.recorded?.kind === 'trashing' && (await lstatOrUndefined(job.path)) === undefined)
      return finish({ kind: 'trashed' });
    const identity = await verified(job);
    if ('kind' in identity) return finish(identity);
    if (job.action.kind === 'trash') return finish(await toTrash(job, ports));
    return finish(await move(job, identity, job.action.folder, ports));
  } catch (error) {
    const code = codeOf(error) || 'error';
    return finish(
      left(
        job.action.kind === 'trash'
          ? words('reason.afterUpload.trashFailed', { code })
          : words('reason.afterUpload.moveFailed', { code }),
      ),
    );
  }
}

async function toTrash(job: TidyJob, ports: TidyPorts): Promise<AfterUploadResult> {
  ports.record({ kind: 'trashing' });
  await ports.trash(job.path);
  // A trash that said nothing but left the file: it is not said to be in the trash.
  if ((await lstatOrUndefined(job.path)) !== undefined)
    return left(words('reason.afterUpload.trashFailed', { code: 'still there' }));
  return { kind: 'trashed' };
}

async function move(
  job: TidyJob,
  identity: FileIdentity,
  folder: string,
  ports: TidyPorts,
): Promise<AfterUploadResult> {
  const dir = join(folder, ...keptFolders(job.root, job.path));
  await mkdir(dir, { recursive: true });
  const name = basename(job.path);
  let copying = false;
  for (let n = 1; n <= MAX_NAMES; n += 1) {
    const to = join(dir, numberedName(name, n));
    ports.record({ kind: 'moving', to });
    try {
      if (!copying) {
        await link(job.path, to);
        return await afterLink(job, identity, to);
      }
      await copyFile(job.path, to, constants.COPYFILE_EXCL);
      return await afterCopy(job, identity, to);
    } catch (error) {
      const code = codeOf(error);
      if (code === 'EEXIST') continue;
      if (!copying && !COPY_WONT_HELP.has(code)) {
        copying = true;
        n -= 1;
        continue;
      }
      throw error;
    }
  }
  return left(words('reason.afterUpload.moveFailed', { code: 'EEXIST' }));
}

/** The link made is the file checked (not one swapped in meanwhile): then the source goes. */
async function afterLink(
  job: TidyJob,
  identity: FileIdentity,
  to: string,
): Promise<AfterUploadResult> {
  const made = await lstat(to, { bigint: true });
  if (made.dev.toString() !== identity.dev || made.ino.toString() !== identity.ino) {
    // Only a second name of a file that is still at its path: removing it loses nothing.
    await unlink(to);
    return left(words('reason.afterUpload.changed'));
  }
  return removeSource(job, identity, to);
}

/**
 * The queued photo is now also at `to`: its source name goes, only while it is still that file.
 * Changed in place meanwhile: `to` goes instead (the source keeps the newer bytes), and it is left
 * with a reason. Gone, or another file saved over its name: the queued photo lives on only at
 * `to` (moved), and a new file stays where it is.
 */
async function removeSource(
  job: TidyJob,
  identity: FileIdentity,
  to: string,
): Promise<AfterUploadResult> {
  try {
    if (await unlinkIfStill(job.path, identity)) return { kind: 'moved', to };
  } catch (error) {
    // The source cannot be removed (a write-protected card, no permission): the new name goes,
    // so "left" is true and no second copy is kept behind.
    await unlink(to);
    return left(words('reason.afterUpload.moveFailed', { code: codeOf(error) || 'error' }));
  }
  const now = await lstatOrUndefined(job.path);
  if (now?.dev.toString() === identity.dev && now.ino.toString() === identity.ino) {
    await unlink(to);
    return left(words('reason.afterUpload.changed'));
  }
  return { kind: 'moved', to };
}

/**
 * Removes `path` only when it is still the file checked (device, inode, size, modification
 * time), read just before: a file saved over it meanwhile (an editor's write-and-rename) is not
 * removed. Returns whether it was.
 */
async function unlinkIfStill(path: string, identity: FileIdentity): Promise<boolean> {
  const now = await lstatOrUndefined(path);
  if (
    now === undefined ||
    now.dev.toString() !== identity.dev ||
    now.ino.toString() !== identity.ino ||
    Number(now.size) !== identity.size ||
    now.mtimeNs.toString() !== identity.mtimeNs
  )
    return false;
  await unlink(path);
  return true;
}

/** The copy made holds the queued bytes: then the source goes; else the copy (ours) does. */
async function afterCopy(
  job: TidyJob,
  identity: FileIdentity,
  to: string,
): Promise<AfterUploadResult> {
  if ((await md5Of(to, job.format)) !== job.md5) {
    await unlink(to);
    return left(words('reason.afterUpload.copyMismatch'));
  }
  // The source may have changed while it was copied: it goes only when it is still the photo.
  if ((await md5Of(job.path, job.format)) !== job.md5) {
    await unlink(to);
    return left(words('reason.afterUpload.changed'));
  }
  // A copy keeps the file's time: a photo whose capture time came from it reads the same later.
  const mtime = new Date(Number(BigInt(identity.mtimeNs) / 1_000_000n));
  await utimes(to, mtime, mtime);
  return removeSource(job, identity, to);
}
