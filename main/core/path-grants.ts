import { realpath } from 'node:fs/promises';
import { isAbsolute, sep } from 'node:path';

/** Why a path was refused: it was never handed over by the operating system, or is gone. */
export type RefusedPath = { readonly path: string; readonly reason: 'not-granted' | 'not-found' };

/**
 * The files and folders the operating system handed to the window (a drop, the open dialog).
 * A granted folder grants everything under it. Paths are compared as real paths, so `..` and
 * symbolic links cannot lead out of a granted folder.
 */
export class PathGrants {
  /** Real paths of the granted files and folders. */
  readonly #granted = new Set<string>();

  /**
   * Records paths the operating system handed over. Paths that cannot be resolved (gone already)
   * are skipped: the intake reports them on its own.
   */
  async grant(paths: readonly string[]): Promise<void> {
    for (const path of paths) {
      if (!isAbsolute(path)) continue;
      const real = await realpathOrUndefined(path);
      if (real !== undefined) this.#granted.add(real);
    }
  }

  /** The paths that are neither granted nor under a granted folder (empty when all are). */
  async refused(paths: readonly string[]): Promise<RefusedPath[]> {
    const refused: RefusedPath[] = [];
    for (const path of paths) {
      const real = isAbsolute(path) ? await realpathOrUndefined(path) : undefined;
      if (real === undefined) refused.push({ path, reason: 'not-found' });
      else if (!this.#covers(real)) refused.push({ path, reason: 'not-granted' });
    }
    return refused;
  }

  #covers(real: string): boolean {
    for (const granted of this.#granted) {
      // A separator boundary: a grant of /photos does not cover /photos-private.
      const folder = granted.endsWith(sep) ? granted : `${granted}${sep}`;
      if (real === granted || real.startsWith(folder)) return true;
    }
    return false;
  }
}

async function realpathOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    return undefined;
  }
}
