import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

// A converted photo's files in the staging folder are removed once it is staged; a crash, a stop
// or a cancel in between leaves them behind, each holding a photo's GPS position. They are
// cleared when the engine starts, for items that no longer need them.

/** `item-<id>.jpg`, `item-<id>.source`, and a JPEG's `.partial` (`item-<id>.jpg.<pid>.partial`). */
const STAGING_FILE = /^item-(\d+)\.(?:jpg|source)(?:\.\d+\.partial)?$/;

/**
 * Removes the staging files of items for which `isFinished(id)` holds (done, cancelled, or gone
 * from the queue), except those `inFlight` (being staged now). Files it does not recognise are
 * left alone. Never throws: a file that cannot be removed is tried again at the next start.
 * @returns the names removed.
 */
export async function removeFinishedStagingFiles(
  stagingDir: string,
  isFinished: (id: number) => boolean,
  inFlight: ReadonlySet<number>,
): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(stagingDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = STAGING_FILE.exec(name);
    if (match === null) continue;
    const id = Number(match[1]);
    if (inFlight.has(id) || !isFinished(id)) continue;
    try {
      await rm(join(stagingDir, name), { force: true });
      removed.push(name);
    } catch {
      // Left for the next start.
    }
  }
  return removed;
}
