import { setPriority } from 'node:os';

/**
 * The nice value the app core's media threads (the crawler and the inspectors) run at. The
 * window's renderer and main's event loop stay at 0, so on a busy machine the CPU goes to them
 * first and intake takes the rest — all of it while nobody is using the window. On a 2-core
 * machine reading 20,000 photos, a keystroke otherwise waited up to 100 ms to paint.
 */
export const MEDIA_THREAD_NICE = 10;

/**
 * Whether `platform` can lower one thread's priority on its own: Linux, where a nice value
 * belongs to a thread. On macOS and Windows `os.setPriority` applies to the whole process, and
 * would slow main's event loop (and the window's messages) with the threads.
 */
export function threadPriorityIsOwn(platform: NodeJS.Platform): boolean {
  return platform === 'linux';
}

/** The nice value a media thread was started with (`workerData.threadNice`), else 0. */
export function threadNiceFrom(workerData: unknown): number {
  if (typeof workerData !== 'object' || workerData === null || !('threadNice' in workerData))
    return 0;
  const nice = workerData.threadNice;
  return typeof nice === 'number' && Number.isInteger(nice) && nice > 0 && nice <= 19 ? nice : 0;
}

/**
 * Lowers the calling thread's CPU priority to `nice` where that touches this thread alone;
 * returns whether it did. A refusal leaves the thread as it was: priority is a courtesy to the
 * window, never a reason to stop reading photos.
 */
export function lowerThisThreadPriority(
  nice: number,
  platform: NodeJS.Platform = process.platform,
  set: (priority: number) => void = (priority) => setPriority(priority),
): boolean {
  if (nice <= 0 || !threadPriorityIsOwn(platform)) return false;
  try {
    set(nice);
    return true;
  } catch {
    return false;
  }
}
