import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/logging/logger';
import type { WatchCore } from '../../../../main/watch/watch-core';
import { WatchLedger } from '../../../../main/watch/watch-ledger';
import { type WatchReport, WatchService } from '../../../../main/watch/watch-service';
import type { IntakeItemView } from '../../../../shared/ipc/views';
import { englishFor } from '../../../../shared/i18n/words';
import { intakePhoto } from '../../../fakes/intake-photo';

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

  it('leaves out what the rule and the folders’ .photouploaderignore name, said once, never read', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'watch-ignore-'));
    const ledgerFolder = await mkdtemp(join(tmpdir(), 'ledger-'));
    const ledger = new WatchLedger(join(ledgerFolder, 'l.db'));
    const takenIn: string[] = [];
    let nextId = 1;
    const core: WatchCore = {
      async intake(paths) {
        takenIn.push(...paths);
        const items: IntakeItemView[] = [];
        for (const path of paths)
          items.push({
            ...intakePhoto(path, `md5-${path}`, { size: (await stat(path)).size }),
            intakeId: nextId++,
            root: path,
            folders: [],
          });
        return items;
      },
      addPhotos: (input) => Promise.resolve({ addedIntakeIds: [...input.intakeIds] }),
      listProjects: () => Promise.resolve([]),
      release: () => undefined,
    };
    const reports: WatchReport[] = [];
    const service = new WatchService({
      core,
      ledger,
      logger: silentLogger,
      report: (report) => reports.push(report),
      assumedZone: () => 'UTC',
      settleMs: 100,
      tickMs: 50,
    });
    cleanup.push(async () => {
      await service.close();
      ledger.close();
      await rm(folder, { recursive: true, force: true });
      await rm(ledgerFolder, { recursive: true, force: true });
    });
    await mkdir(join(folder, 'level 1', 'thumbs'), { recursive: true });
    await writeFile(join(folder, 'level 1', '.photouploaderignore'), '*_small.jpg\n');
    await service.use([
      {
        path: folder,
        project: { kind: 'fixed', projectId: 'p1' },
        description: '',
        tags: [],
        tagsFromFolders: false,
        internal: false,
        ignore: ['**/thumbs/**'],
      },
    ]);
    const thumb = join(folder, 'level 1', 'thumbs', 't.jpg');
    const small = join(folder, 'level 1', 'a_small.jpg');
    const kept = join(folder, 'level 1', 'a.jpg');
    for (const path of [thumb, small, kept]) await copyFile(JPEG, path);

    const said = (path: string) =>
      reports.flatMap((report) =>
        report.kind === 'skipped' && report.path === path ? [englishFor(report.reason)] : [],
      );
    await reportsUntil(
      reports,
      () =>
        said(thumb).length > 0 &&
        said(small).length > 0 &&
        reports.some((report) => report.kind === 'queued' && report.path === kept),
    );

    expect(said(thumb)).toEqual([
      "Left out by the ignore pattern “**/thumbs/**” of the watched folder's rule",
    ]);
    expect(said(small)).toEqual([
      `Left out by the ignore pattern “*_small.jpg” in ${join(folder, 'level 1', '.photouploaderignore')}`,
    ]);
    expect(takenIn).toEqual([kept]);
  }, 20_000);
});
