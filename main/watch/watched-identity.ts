import { lstat, realpath } from 'node:fs/promises';
import { isInsideRoots, type KnownIdentity } from '../media/crawl';
import { openRegularFile } from '../media/open-regular-file';

/**
 * The device and inode of the watched file at `path`, checked three ways: opened without
 * following a link (`O_NOFOLLOW`, `fstat` on the handle), the same file as its real path (`lstat`
 * of `realpath`), and that real path inside the real path of `root`. Undefined when any of these
 * fails (gone, a link, swapped meanwhile, outside): a later event or listing brings it back. The
 * intake takes this file only (see `IntakeRunOptions.expected`), so a swap after the check is
 * refused there rather than read.
 */
export async function watchedIdentity(
  path: string,
  root: string,
): Promise<KnownIdentity | undefined> {
  const opened = await openRegularFile(path, Number.MAX_SAFE_INTEGER);
  if (!opened.ok) return undefined;
  const { identity } = opened.file;
  await opened.file.handle.close().catch(() => undefined);
  try {
    const [real, realRoot] = await Promise.all([realpath(path), realpath(root)]);
    if (!isInsideRoots(real, [realRoot])) return undefined;
    const there = await lstat(real, { bigint: true });
    if (there.dev.toString() !== identity.dev || there.ino.toString() !== identity.ino)
      return undefined;
  } catch {
    return undefined;
  }
  // As the crawl reports them (numbers), to be compared with what it finds.
  return { dev: Number(identity.dev), ino: Number(identity.ino) };
}
