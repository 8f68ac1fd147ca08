import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../../main/logging/logger';
import type { WatchCore } from '../../main/watch/watch-core';
import { WatchLedger } from '../../main/watch/watch-ledger';
import { type WatchReport, WatchService } from '../../main/watch/watch-service';
import type { WatchServiceOptions } from '../../main/watch/watch-service-options';
import type { IntakeItemView } from '../../shared/ipc/views';
import { intakePhoto } from './intake-photo';

/** A watched folder's service on a core that records what it is given; see `startWatchRig`. */
export type WatchRig = {
  /** A fresh folder to watch. */
  readonly folder: string;
  readonly service: WatchService;
  /** What the service reported, in order. */
  readonly reports: WatchReport[];
  /** The paths the core was asked to take in. */
  readonly takenIn: string[];
  /** What the core was asked to queue. */
  readonly added: Parameters<WatchCore['addPhotos']>[0][];
  /** Stops the service and removes its folders. */
  close(): Promise<void>;
};

/**
 * The real `WatchService` and ledger on a fresh folder, with a core that takes in every file as
 * a plain photo and queues all it is asked to (quick settle and tick times, for tests).
 */
export async function startWatchRig(
  options: Pick<WatchServiceOptions, 'presets' | 'fileEvents'> = {},
): Promise<WatchRig> {
  const folder = await mkdtemp(join(tmpdir(), 'watch-rig-'));
  const ledgerFolder = await mkdtemp(join(tmpdir(), 'watch-ledger-'));
  const ledger = new WatchLedger(join(ledgerFolder, 'l.db'));
  const takenIn: string[] = [];
  const added: Parameters<WatchCore['addPhotos']>[0][] = [];
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
    addPhotos: (input) => {
      added.push(input);
      return Promise.resolve({ addedIntakeIds: [...input.intakeIds] });
    },
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
    ...options,
  });
  return {
    folder,
    service,
    reports,
    takenIn,
    added,
    async close() {
      await service.close();
      ledger.close();
      await rm(folder, { recursive: true, force: true });
      await rm(ledgerFolder, { recursive: true, force: true });
    },
  };
}
