import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { isInsideRoots } from '../media/crawl';

/**
 * Whether the real path of `path` (links in the folders on its way resolved) lies inside the real
 * path of `root`; undefined when either is gone.
 */
export async function realPathInside(path: string, root: string): Promise<boolean | undefined> {
  try {
    const [real, realRoot] = await Promise.all([realpath(path), realpath(root)]);
    return isInsideRoots(real, [realRoot]);
  } catch {
    return undefined;
  }
}

/**
 * Of `items` (watched folders, or rules), the one whose folder covers `path`: the deepest one,
 * when watched folders nest.
 */
export function ruleCovering<T>(
  items: readonly T[],
  folderOf: (item: T) => string,
  path: string,
): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    const folder = folderOf(item);
    if (path.startsWith(folder + sep) || path === folder)
      if (best === undefined || folder.length > folderOf(best).length) best = item;
  }
  return best;
}
