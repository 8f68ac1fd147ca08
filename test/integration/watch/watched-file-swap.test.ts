import {
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchRule } from '../../../shared/domain/watch-rule';
import type { IntakeItemView } from '../../../shared/ipc/views';
import { silentLogger } from '../../../main/logging/logger';
import { Intake } from '../../../main/media/intake';
import { noKnownPhotos } from '../../../main/media/known-photos';
import { MediaWorkers } from '../../../main/media/media-workers';
import { REPLACED_AFTER_CRAWL_REASON } from '../../../main/media/open-for-inspection';
import type { WatchCore } from '../../../main/watch/watch-core';
import { WatchLedger } from '../../../main/watch/watch-ledger';
import { type WatchReport, WatchService } from '../../../main/watch/watch-service';
import { needs } from '../../support/platform-needs';

const needsSymlinks = needs('symlinks');

const SAMPLES = join(import.meta.dirname, '../../fixtures/exif-samples/jpg');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (or fails after `ms`). */
async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(20);
  }
}

const ruleFor = (path: string): WatchRule => ({
  path,
  project: { kind: 'fixed', projectId: 'p1' },
  description: '',
  tags: [],
  tagsFromFolders: false,
  internal: false,
});

/**
 * A core whose intake is the real one (worker threads included), with a seam: `beforeIntake`
 * runs once the watcher's checks have passed and it hands the paths over, before they are read.
 */
function realIntakeCore(
  workers: MediaWorkers,
  beforeIntake: (paths: readonly string[]) => Promise<void>,
): WatchCore {
  let nextIntakeId = 1;
  return {
    async intake(paths, assumedZone, expected) {
      await beforeIntake(paths);
      const items: IntakeItemView[] = [];
      await new Intake(workers, noKnownPhotos, silentLogger).run(
        paths,
        { assumedZone, expected },
        (batch) => {
          for (const item of batch.items)
            items.push({ ...item, intakeId: nextIntakeId++, root: item.path, folders: [] });
        },
      );
      return items;
    },
    addPhotos: (input) => Promise.resolve({ addedIntakeIds: [...input.intakeIds] }),
    listProjects: () => Promise.resolve([]),
    release: () => undefined,
  };
}

describe.skipIf(needsSymlinks.skip)(
  needsSymlinks.title('a watched file swapped for a link after the checks'),
  () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const step of cleanup.splice(0).reverse()) await step();
    });

    it('is not queued: skipped with the reason, the file or a folder on its way', async () => {
      const base = await mkdtemp(join(tmpdir(), 'watch-swap-'));
      cleanup.push(() => rm(base, { recursive: true, force: true }));
      const watched = join(base, 'watched');
      const privateFolder = join(base, 'private');
      await mkdir(join(watched, 'sub'), { recursive: true });
      await mkdir(privateFolder);
      // The private photos have the same names and sizes as the watched ones, and other bytes.
      const photo = await readFile(join(SAMPLES, 'Canon_40D.jpg'));
      const other = Buffer.from(photo);
      other[other.length - 100] = (other[other.length - 100] ?? 0) ^ 0xff; // in the scan data
      await writeFile(join(privateFolder, 'a.jpg'), other);
      await writeFile(join(privateFolder, 'b.jpg'), other);

      const a = join(watched, 'a.jpg');
      const b = join(watched, 'sub', 'b.jpg');
      const swapped = new Set<string>();
      // Each swap right before the intake that takes the path (the rounds may split them).
      const swap = async (paths: readonly string[]) => {
        if (paths.includes(a) && !swapped.has(a)) {
          swapped.add(a);
          // The file itself becomes a link to a private photo…
          await rename(a, join(base, 'a-moved.jpg'));
          await symlink(join(privateFolder, 'a.jpg'), a);
        }
        if (paths.includes(b) && !swapped.has(b)) {
          swapped.add(b);
          // …and a folder on the way of the other becomes a link to the private folder.
          await rename(join(watched, 'sub'), join(base, 'sub-moved'));
          await symlink(privateFolder, join(watched, 'sub'));
        }
      };
      const workers = new MediaWorkers({ logger: silentLogger });
      cleanup.push(() => workers.close());
      const ledger = new WatchLedger(join(base, 'ledger.db'));
      cleanup.push(() => Promise.resolve(ledger.close()));
      const reports: WatchReport[] = [];
      const service = new WatchService({
        core: realIntakeCore(workers, swap),
        ledger,
        logger: silentLogger,
        report: (report) => reports.push(report),
        assumedZone: () => 'UTC',
        settleMs: 100,
        tickMs: 50,
      });
      cleanup.push(() => service.close());
      // Both there before the watch starts: its first listing takes them in one round.
      await copyFile(join(SAMPLES, 'Canon_40D.jpg'), a);
      await copyFile(join(SAMPLES, 'Canon_40D.jpg'), b);
      await service.use([ruleFor(watched)]);
      const said = (path: string) =>
        reports.some(
          (report) =>
            (report.kind === 'skipped' || report.kind === 'queued') && report.path === path,
        );
      await until(() => said(a) && said(b), 15_000, 'both files queued or skipped').catch(
        (error: unknown) => {
          throw new Error(`${String(error)}: ${JSON.stringify(reports)}`);
        },
      );

      expect(reports.filter((report) => report.kind === 'queued')).toEqual([]);
      expect(reports).toContainEqual({
        kind: 'skipped',
        path: a,
        reason: REPLACED_AFTER_CRAWL_REASON,
      });
      expect(reports).toContainEqual({
        kind: 'skipped',
        path: b,
        reason: REPLACED_AFTER_CRAWL_REASON,
      });
    }, 30_000);
  },
);
