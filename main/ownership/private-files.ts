import {
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fstatSync,
  mkdirSync,
  openSync,
  type Stats,
} from 'node:fs';
import { type FileHandle, mkdir, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** The mode of every folder of the data folder, the data folder included: the owner only. */
export const PRIVATE_FOLDER_MODE = 0o700;

/** The mode of every file of the data folder: the owner reads and writes, nobody else. */
export const PRIVATE_FILE_MODE = 0o600;

/** The umask under which SQLite creates the queue's files: nothing for the group or others. */
export const PRIVATE_UMASK = 0o077;

/** The bits a private file or folder must not have: any right of the group or of others. */
const SHARED_BITS = 0o077;

/** The uid of this process; undefined where there are no Unix owners (Windows). */
function ourUid(): number | undefined {
  return process.platform === 'win32' ? undefined : process.getuid?.();
}

/**
 * Whether this process may and should change the mode of what `stats` describes: on a system
 * with Unix modes, only what this user owns (a folder another user gave us stays theirs to set).
 */
function ours(stats: Stats): boolean {
  const uid = ourUid();
  return uid !== undefined && stats.uid === uid;
}

/**
 * How a file or folder is opened to be checked and changed: read-only, and never through a link
 * (`O_NOFOLLOW`: a link fails to open). Its mode is then read and changed through the open
 * handle, never by path again, so a link swapped in between the check and the change is not
 * followed: what was checked is what is changed.
 */
const NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);
/** A folder: as `NO_FOLLOW`, and only a folder opens (`O_DIRECTORY`). */
const FOLDER_NO_FOLLOW = NO_FOLLOW | (constants.O_DIRECTORY ?? 0);
/**
 * The data folder itself: a folder, through a link if the user made one (the user chose that
 * path; `ls` shows where it leads), then checked and changed through the handle like the rest.
 */
const DATA_FOLDER = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0);

/**
 * The path of an open folder's entries, resolved from the folder that was opened and checked,
 * not from its path again: on Linux `/proc/self/fd/<fd>` (as `openat` does); elsewhere the path.
 */
const BY_HANDLE = process.platform === 'linux' && existsSync('/proc/self/fd');
function entriesOf(folder: FileHandle, path: string): string {
  return BY_HANDLE ? `/proc/self/fd/${folder.fd}` : path;
}

/**
 * Runs `open` (synchronous: SQLite opening a database) with the process umask set to 0o077, so
 * that every file it creates (the database, and its `-wal` and `-shm`, which SQLite creates with
 * the database's mode) is the owner's only, whatever umask the process was started with.
 *
 * The umask is process-wide and put back at once: the rest of the process needs the one it was
 * started with, e.g. a published folder's files must stay readable by the web server that serves
 * them. `open` runs synchronously, so no other code of this thread runs under the private umask.
 * In a worker thread, where Node cannot change the umask, `open` simply runs.
 */
export function withPrivateUmask<T>(open: () => T): T {
  if (!isMainThread || process.platform === 'win32') return open();
  const previous = process.umask(PRIVATE_UMASK);
  try {
    return open();
  } finally {
    process.umask(previous);
  }
}

/**
 * Makes `dir` (and any missing parent) owner-only, or sets an existing one that this user owns
 * to 0700. Synchronous, for the log sink, which opens before anything else runs.
 */
export function ensurePrivateFolderSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const fd = openSync(dir, FOLDER_NO_FOLLOW);
  try {
    const stats = fstatSync(fd);
    if (ours(stats) && (stats.mode & 0o777) !== PRIVATE_FOLDER_MODE)
      fchmodSync(fd, PRIVATE_FOLDER_MODE);
  } finally {
    closeSync(fd);
  }
}

/** `ensurePrivateFolderSync`, without blocking the event loop. */
export async function ensurePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const folder = await open(dir, FOLDER_NO_FOLLOW);
  try {
    const stats = await folder.stat();
    if (ours(stats) && (stats.mode & 0o777) !== PRIVATE_FOLDER_MODE)
      await folder.chmod(PRIVATE_FOLDER_MODE);
  } finally {
    await folder.close();
  }
}

/**
 * Takes the group's and others' rights off the file at `path` if it exists, is a regular file
 * and is this user's (a link is left alone: it is not ours to follow). Never throws: a file that
 * is gone or cannot be changed is no reason to stop the app.
 */
export function tightenFileSync(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch {
    return; // Missing, a link, or not ours to open.
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isFile() && ours(stats) && (stats.mode & SHARED_BITS) !== 0)
      fchmodSync(fd, stats.mode & 0o700);
  } catch {
    // Not ours to change.
  } finally {
    closeSync(fd);
  }
}

/** `tightenFileSync`, without blocking the event loop. */
export async function tightenFile(path: string): Promise<void> {
  let file: FileHandle;
  try {
    // Non-blocking: a FIFO put where a file was expected must not hang the open.
    file = await open(path, NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch {
    return; // Missing, a link, or not ours to open.
  }
  try {
    const stats = await file.stat();
    if (stats.isFile() && ours(stats) && (stats.mode & SHARED_BITS) !== 0)
      await file.chmod(stats.mode & 0o700);
  } catch {
    // Not ours to change.
  } finally {
    await file.close();
  }
}

/** Files of the data folder itself that hold the user's data or the owner's token. */
const DATA_FILES = [
  'queue.db',
  'queue.db-wal',
  'queue.db-shm',
  'queue.db-journal',
  'watch-ledger.db',
  'watch-ledger.db-wal',
  'watch-ledger.db-shm',
  'watch-ledger.db-journal',
  'settings.json',
  'owner.json',
  'owner.lock',
];

/** Folders of the data folder whose whole contents are the app's own. */
const DATA_FOLDERS = ['logs', 'thumbnails', 'staging', 'locks'];

/**
 * Takes the group's and others' rights off `dir` and everything under it that is this user's;
 * links are not followed. Thumbnails can be tens of thousands of files: their folder is walked
 * only when it was not private already (a data folder from before this rule), since every file
 * written there since is made owner-only.
 */
async function tightenTree(dir: string, always: boolean): Promise<void> {
  let folder: FileHandle;
  try {
    folder = await open(dir, FOLDER_NO_FOLLOW);
  } catch {
    return; // Missing, a link, or not a folder.
  }
  try {
    const stats = await folder.stat();
    if (!stats.isDirectory() || !ours(stats)) return;
    const wasPrivate = (stats.mode & SHARED_BITS) === 0;
    if (!wasPrivate) await folder.chmod(PRIVATE_FOLDER_MODE).catch(() => undefined);
    if (wasPrivate && !always) return;
    const inside = entriesOf(folder, dir);
    const entries = await readdir(inside, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(inside, entry.name);
      if (entry.isDirectory()) await tightenTree(path, always);
      else if (entry.isFile()) await tightenFile(path);
    }
  } finally {
    await folder.close();
  }
}

/** Thrown when the data folder is another user's: it is not used, and nothing in it is changed. */
export class ForeignDataFolderError extends Error {
  override readonly name = 'ForeignDataFolderError';
  constructor(readonly ownerUid: number) {
    super(
      `The data folder belongs to another user (uid ${ownerUid}). Photo Uploader keeps your sign-in and your photos' queue there, so it uses only a folder of your own: choose another with --data-dir, or make this one yours.`,
    );
  }
}

/**
 * Opens the data folder as private: creates it 0700, or sets an existing one this user owns to
 * 0700, and takes the group's and others' rights off the app's own files in it (the queue and
 * its journal, the settings, the owner's token, logs, thumbnails, staged files, locks). Only
 * those: a data folder chosen with `--data-dir` may hold files of the user's that are not ours
 * to change.
 * @throws ForeignDataFolderError when the folder is another user's (as ssh refuses a key folder
 *   that is not the user's): whoever owns it could read the queue, swap the settings (where
 *   photos and tokens go) or plant links in it.
 */
export async function openPrivateDataFolder(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const folder = await open(dataDir, DATA_FOLDER);
  try {
    const stats = await folder.stat();
    const uid = ourUid();
    if (uid !== undefined && stats.uid !== uid) throw new ForeignDataFolderError(stats.uid);
    if ((stats.mode & 0o777) !== PRIVATE_FOLDER_MODE) await folder.chmod(PRIVATE_FOLDER_MODE);
    const inside = entriesOf(folder, dataDir);
    for (const name of DATA_FILES) await tightenFile(join(inside, name));
    for (const name of DATA_FOLDERS) await tightenTree(join(inside, name), name !== 'thumbnails');
  } finally {
    await folder.close();
  }
}
