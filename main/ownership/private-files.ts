import { chmodSync, lstatSync, mkdirSync, type Stats, statSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
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

/**
 * Whether this process may and should change the mode of what `stats` describes: on a system
 * with Unix modes, only what this user owns (a folder another user gave us stays theirs to set).
 */
function ours(stats: Stats): boolean {
  if (process.platform === 'win32') return false;
  const uid = process.getuid?.();
  return uid !== undefined && stats.uid === uid;
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
  const stats = statSync(dir);
  if (ours(stats) && (stats.mode & 0o777) !== PRIVATE_FOLDER_MODE)
    chmodSync(dir, PRIVATE_FOLDER_MODE);
}

/** `ensurePrivateFolderSync`, without blocking the event loop. */
export async function ensurePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const stats = await stat(dir);
  if (ours(stats) && (stats.mode & 0o777) !== PRIVATE_FOLDER_MODE)
    await chmod(dir, PRIVATE_FOLDER_MODE);
}

/**
 * Takes the group's and others' rights off the file at `path` if it exists, is a regular file
 * and is this user's (a link is left alone: it is not ours to follow). Never throws: a file that
 * is gone or cannot be changed is no reason to stop the app.
 */
export function tightenFileSync(path: string): void {
  try {
    const stats = lstatSync(path);
    if (stats.isFile() && ours(stats) && (stats.mode & SHARED_BITS) !== 0)
      chmodSync(path, stats.mode & 0o700);
  } catch {
    // Missing, or not ours to change.
  }
}

/** `tightenFileSync`, without blocking the event loop. */
export async function tightenFile(path: string): Promise<void> {
  try {
    const stats = await lstat(path);
    if (stats.isFile() && ours(stats) && (stats.mode & SHARED_BITS) !== 0)
      await chmod(path, stats.mode & 0o700);
  } catch {
    // Missing, or not ours to change.
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
  let stats: Stats;
  try {
    stats = await lstat(dir);
  } catch {
    return;
  }
  if (!stats.isDirectory() || !ours(stats)) return;
  const wasPrivate = (stats.mode & SHARED_BITS) === 0;
  if (!wasPrivate) await chmod(dir, PRIVATE_FOLDER_MODE).catch(() => undefined);
  if (wasPrivate && !always) return;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await tightenTree(path, always);
    else if (entry.isFile()) await tightenFile(path);
  }
}

/**
 * Opens the data folder as private: creates it 0700, or sets an existing one this user owns to
 * 0700, and takes the group's and others' rights off the app's own files in it (the queue and
 * its journal, the settings, the owner's token, logs, thumbnails, staged files, locks). Only
 * those: a data folder chosen with `--data-dir` may hold files of the user's that are not ours
 * to change. A folder owned by another user is used as it is.
 */
export async function openPrivateDataFolder(dataDir: string): Promise<void> {
  await ensurePrivateFolder(dataDir);
  for (const name of DATA_FILES) await tightenFile(join(dataDir, name));
  for (const name of DATA_FOLDERS) await tightenTree(join(dataDir, name), name !== 'thumbnails');
}
