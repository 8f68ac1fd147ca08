import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  type AfterUploadResult,
  keptFolders,
  numberedName,
} from '../../shared/domain/after-upload';
import type { FileIdentity, PhotoFormat } from '../../shared/domain/intake';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { hashFile } from './hash-file';

// Issue 26 §3: moving an uploaded photo's file without ever writing over a name or leaving a
// partial file under a real name. Same device: a hard link, then the source goes. Across devices
// (or where links are refused): a copy to a hidden temporary name in the destination folder,
// synced and checked by MD5, then given a free name exclusively, then the source goes.

/** Makes a hard link `to` of `from` (the file system's, or a test's that fails as FAT would). */
export type LinkPort = (from: string, to: string) => Promise<void>;

/** What a move needs: the file, where it is kept, and how each step is recorded. */
export type MoveJob = {
  readonly path: string;
  readonly root: string;
  readonly md5: string;
  readonly format: PhotoFormat;
};

/** How a move records its steps and links files. */
export type MovePorts = {
  readonly record: (result: AfterUploadResult) => void;
  readonly link?: LinkPort;
};

/** A recorded move under way (see `afterUploadResultSchema`). */
export type MovingStep = Extract<AfterUploadResult, { kind: 'moving' }>;

/** The error code of a failed file operation, or ''. */
export const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

/** A file's device and inode as strings (what names one file). */
type Inode = { readonly dev: string; readonly ino: string };

/**
 * Errors of `link` after which a copy cannot do better: the name is taken (the next is tried)
 * or the source is gone. Any other (EXDEV across drives, EPERM, ENOTSUP, and what libuv reports
 * for links on FAT or exFAT, which differs by system) means "cannot link here": copy instead.
 */
const COPY_WONT_HELP = new Set(['EEXIST', 'ENOENT']);

/** The most numbered names tried before giving up (a folder full of `IMG_1 (n).jpg`). */
const MAX_NAMES = 10_000;

/** A file left where it is, with a reason. */
export const left = (reason: Words): AfterUploadResult => ({ kind: 'left', reason });

/** The file at `path` (not followed), or undefined when there is none. */
export async function lstatOrUndefined(path: string) {
  try {
    return await lstat(path, { bigint: true });
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
}

const inodeOf = (stats: { dev: bigint; ino: bigint }): Inode => ({
  dev: stats.dev.toString(),
  ino: stats.ino.toString(),
});

const sameInode = (a: Inode | undefined, b: Inode | undefined): boolean =>
  a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino;

async function inodeAt(path: string): Promise<Inode | undefined> {
  const stats = await lstatOrUndefined(path);
  return stats === undefined ? undefined : inodeOf(stats);
}

/** Removes `path` only while it is still the file `inode` (never a file that took its name). */
async function unlinkIfSame(path: string, inode: Inode): Promise<void> {
  if (sameInode(await inodeAt(path), inode)) await unlink(path);
}

/** The MD5 of the regular file at `path`, or undefined when it cannot be read as one. */
export async function md5Of(path: string, format: PhotoFormat): Promise<string | undefined> {
  try {
    return (await hashFile(path, format, { maxBytes: Number.MAX_SAFE_INTEGER })).md5;
  } catch {
    return undefined;
  }
}

/**
 * Removes `path` only when it is still the file checked (device, inode, size, modification
 * time), read just before: a file saved over it meanwhile (an editor's write-and-rename) is not
 * removed. Returns whether it was.
 */
export async function unlinkIfStill(path: string, identity: FileIdentity): Promise<boolean> {
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

type Placed =
  | { readonly kind: 'placed'; readonly to: string }
  | { readonly kind: 'cannot-link' }
  | { readonly kind: 'changed' };

/**
 * Gives the file `made` (at `from`) a free numbered name in `dir` by hard link, which never
 * writes over a name. A link found afterwards not to be `made` is either a second name of a
 * file swapped in at `from` (it goes: "changed") or a file someone put at the name after the
 * link (it stays, and the next name is tried).
 */
async function linkIntoFreeName(
  from: string,
  made: Inode,
  dir: string,
  name: string,
  step: (to: string) => MovingStep,
  ports: MovePorts,
): Promise<Placed> {
  const linkFile = ports.link ?? link;
  for (let n = 1; n <= MAX_NAMES; n += 1) {
    const to = join(dir, numberedName(name, n));
    ports.record(step(to));
    try {
      await linkFile(from, to);
    } catch (error) {
      const code = codeOf(error);
      if (code === 'EEXIST') continue;
      if (COPY_WONT_HELP.has(code)) throw error;
      return { kind: 'cannot-link' };
    }
    const at = await inodeAt(to);
    if (sameInode(at, made)) return { kind: 'placed', to };
    if (at !== undefined && sameInode(at, await inodeAt(from))) {
      await unlink(to);
      return { kind: 'changed' };
    }
  }
  return { kind: 'cannot-link' };
}

/**
 * Gives the checked copy at `temp` a free numbered name where hard links are refused (FAT,
 * exFAT): the name is claimed by an exclusive create, recorded, then the copy is renamed onto
 * its own claim, so no one else's file is ever replaced.
 */
async function renameIntoFreeName(
  temp: string,
  dir: string,
  name: string,
  ports: MovePorts,
): Promise<string> {
  for (let n = 1; n <= MAX_NAMES; n += 1) {
    const to = join(dir, numberedName(name, n));
    try {
      await (await open(to, 'wx')).close();
    } catch (error) {
      if (codeOf(error) === 'EEXIST') continue;
      throw error;
    }
    ports.record({ kind: 'moving', to, temp, claimed: true });
    await rename(temp, to);
    return to;
  }
  throw Object.assign(new Error('no free name'), { code: 'EEXIST' });
}

/**
 * Moves the checked file `identity` at `job.path` into `folder`, keeping its folders under
 * `job.root`, under a free numbered name; see the module comment. Every refusal leaves the
 * file where it is, with a reason.
 */
export async function moveFile(
  job: MoveJob,
  identity: FileIdentity,
  folder: string,
  ports: MovePorts,
): Promise<AfterUploadResult> {
  const dir = join(folder, ...keptFolders(job.root, job.path));
  await mkdir(dir, { recursive: true });
  const name = basename(job.path);
  const linked = await linkIntoFreeName(
    job.path,
    identity,
    dir,
    name,
    (to) => ({ kind: 'moving', to }),
    ports,
  );
  if (linked.kind === 'changed') return left(words('reason.afterUpload.changed'));
  if (linked.kind === 'placed') return removeSource(job, identity, linked.to, identity);
  return moveByCopy(job, identity, dir, name, ports);
}

async function moveByCopy(
  job: MoveJob,
  identity: FileIdentity,
  dir: string,
  name: string,
  ports: MovePorts,
): Promise<AfterUploadResult> {
  // Hidden, unique, and recorded before it exists: a restart removes a copy a crash cut short.
  const temp = join(dir, `.${name}.${randomBytes(6).toString('hex')}.photouploader-part`);
  ports.record({ kind: 'moving', to: join(dir, name), temp });
  try {
    await copyFile(job.path, temp, constants.COPYFILE_EXCL);
    const handle = await open(temp, 'r+');
    let made: Inode;
    try {
      // A copy keeps the file's time: a photo whose capture time came from it reads the same.
      const mtime = new Date(Number(BigInt(identity.mtimeNs) / 1_000_000n));
      await handle.utimes(mtime, mtime);
      await handle.sync();
      made = inodeOf(await handle.stat({ bigint: true }));
    } finally {
      await handle.close();
    }
    if ((await md5Of(temp, job.format)) !== job.md5)
      return left(words('reason.afterUpload.copyMismatch'));
    // The source may have changed while it was copied: it goes only when it is still the photo.
    if ((await md5Of(job.path, job.format)) !== job.md5)
      return left(words('reason.afterUpload.changed'));
    const linked = await linkIntoFreeName(
      temp,
      made,
      dir,
      name,
      (to) => ({ kind: 'moving', to, temp }),
      ports,
    );
    if (linked.kind === 'changed')
      return left(words('reason.afterUpload.moveFailed', { code: 'changed' }));
    const to =
      linked.kind === 'placed' ? linked.to : await renameIntoFreeName(temp, dir, name, ports);
    return await removeSource(job, identity, to, made);
  } finally {
    // Only the temporary name: after a link, `to` keeps the copy; after a rename it is gone.
    await rm(temp, { force: true });
  }
}

/**
 * The queued photo is now also at `to` (the file `made`): its source name goes, only while it is
 * still the checked file. Changed in place meanwhile: `to` goes instead (the source keeps the
 * newer bytes), and it is left with a reason. Gone, or another file saved over its name: the
 * queued photo lives on only at `to` (moved), and a new file stays where it is.
 */
async function removeSource(
  job: MoveJob,
  identity: FileIdentity,
  to: string,
  made: Inode,
): Promise<AfterUploadResult> {
  try {
    if (await unlinkIfStill(job.path, identity)) return { kind: 'moved', to };
  } catch (error) {
    // The source cannot be removed (a write-protected card, no permission): the new name goes,
    // so "left" is true and no second copy is kept behind.
    await unlinkIfSame(to, made);
    return left(words('reason.afterUpload.moveFailed', { code: codeOf(error) || 'error' }));
  }
  if (sameInode(await inodeAt(job.path), identity)) {
    await unlinkIfSame(to, made);
    return left(words('reason.afterUpload.changed'));
  }
  return { kind: 'moved', to };
}

/**
 * Finishes a move recorded as under way: a temporary copy left by a crash goes (and the empty
 * claim of a name it never reached); the source linked at `to` already, or a checked copy there,
 * loses its source while it is still the queued file. Undefined when the move must start over.
 */
export async function resumeMove(
  job: MoveJob,
  recorded: MovingStep,
  verify: () => Promise<FileIdentity | AfterUploadResult>,
): Promise<AfterUploadResult | undefined> {
  const { to, temp, claimed } = recorded;
  if (temp !== undefined && (await lstatOrUndefined(temp)) !== undefined) {
    const target = await lstatOrUndefined(to);
    // The copy never reached its claimed name: the claim is ours, empty, and goes.
    if (claimed === true && target?.size === 0n && target.isFile()) await unlink(to);
    await unlink(temp);
  }
  const [source, target] = await Promise.all([lstatOrUndefined(job.path), lstatOrUndefined(to)]);
  if (target === undefined) return undefined;
  const linked = source !== undefined && source.dev === target.dev && source.ino === target.ino;
  if (linked) {
    await unlink(job.path);
    return { kind: 'moved', to };
  }
  if ((await md5Of(to, job.format)) !== job.md5) return undefined;
  if (source === undefined) return { kind: 'moved', to };
  // A finished copy: the source goes only while it is still the queued file.
  const check = await verify();
  if ('kind' in check) return check;
  return removeSource(job, check, to, inodeOf(target));
}
