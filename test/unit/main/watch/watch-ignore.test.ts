import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchReport } from '../../../../main/watch/watch-service';
import { englishFor } from '../../../../shared/i18n/words';
import { startWatchRig } from '../../../fakes/watch-rig';

const JPEG = join(import.meta.dirname, '../../../fixtures/exif-samples/jpg/Canon_40D.jpg');

/** Resolves once `check` holds, looking each time the watcher reports. */
function reportsUntil(reports: WatchReport[], check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = () => (check() ? resolve() : setTimeout(look, 20));
    look();
  });
}

describe('WatchService with ignore patterns', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0)) await step();
  });

  /** A watch of a fresh folder with `ignore` as its rule's patterns, on a core that records. */
  async function watching(ignore: string[], options: { fileEvents?: boolean } = {}) {
    const rig = await startWatchRig({ fileEvents: options.fileEvents });
    cleanup.push(() => rig.close());
    const { folder, service, reports, takenIn } = rig;
    const start = () =>
      service.use([
        {
          path: folder,
          project: { kind: 'fixed', projectId: 'p1' },
          description: '',
          tags: [],
          tagsFromFolders: false,
          internal: false,
          ignore,
        },
      ]);
    const said = (path: string) =>
      reports.flatMap((report) =>
        report.kind === 'skipped' && report.path === path ? [englishFor(report.reason)] : [],
      );
    const queued = (path: string) =>
      reports.some((report) => report.kind === 'queued' && report.path === path);
    return { folder, takenIn, reports, start, said, queued };
  }

  it('leaves out what the rule and the folders’ .photouploaderignore name, said once, never read', async () => {
    const { folder, takenIn, reports, start, said, queued } = await watching(['**/thumbs/**']);
    await mkdir(join(folder, 'level 1', 'thumbs'), { recursive: true });
    await writeFile(join(folder, 'level 1', '.photouploaderignore'), '*_small.jpg\n');
    await start();
    const small = join(folder, 'level 1', 'a_small.jpg');
    const kept = join(folder, 'level 1', 'a.jpg');
    for (const path of [small, kept]) await copyFile(JPEG, path);

    await reportsUntil(reports, () => said(small).length > 0 && queued(kept));

    expect(said(small)).toEqual([
      `Left out by the ignore pattern “*_small.jpg” in ${join(folder, 'level 1', '.photouploaderignore')}`,
    ]);
    expect(takenIn).toEqual([kept]);
  }, 20_000);

  for (const fileEvents of [true, false])
    it(`does not go into a folder the rule leaves out (${fileEvents ? 'file events' : 'listings only'}); a !pattern takes a file back as the crawl does`, async () => {
      // Left out whole: the files in thumbs/ are never reported, let alone read.
      const pruned = await watching(['**/thumbs/**'], { fileEvents });
      await mkdir(join(pruned.folder, 'level 1', 'thumbs'), { recursive: true });
      const thumb = join(pruned.folder, 'level 1', 'thumbs', 't.jpg');
      const kept = join(pruned.folder, 'level 1', 'a.jpg');
      for (const path of [thumb, kept]) await copyFile(JPEG, path);
      // Both there before the watch starts: they settle in the same look, so by the time the
      // kept one is queued the thumbnail would have been said, had the watcher seen it.
      await pruned.start();
      await reportsUntil(pruned.reports, () => pruned.queued(kept));
      expect(pruned.said(thumb)).toEqual([]);
      expect(pruned.reports.filter((report) => report.kind === 'skipped')).toEqual([]);
      expect(pruned.takenIn).toEqual([kept]);

      // A pattern taking a file back: the folder is gone into, and its files matched one by one.
      const takenBack = await watching(['**/thumbs/**', '!**/thumbs/keep.jpg'], { fileEvents });
      await mkdir(join(takenBack.folder, 'thumbs'), { recursive: true });
      const left = join(takenBack.folder, 'thumbs', 't.jpg');
      const keep = join(takenBack.folder, 'thumbs', 'keep.jpg');
      for (const path of [left, keep]) await copyFile(JPEG, path);
      await takenBack.start();
      await reportsUntil(
        takenBack.reports,
        () => takenBack.queued(keep) && takenBack.said(left).length > 0,
      );
      expect(takenBack.said(left)).toEqual([
        "Left out by the ignore pattern “**/thumbs/**” of the watched folder's rule",
      ]);
      expect(takenBack.takenIn).toEqual([keep]);
    }, 20_000);
});
