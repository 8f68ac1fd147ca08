import type { CameraOffset } from '../../shared/domain/camera-clock';
import type { IntakeItem } from '../../shared/domain/intake';
import { Intake } from '../../main/media/intake';
import { noKnownPhotos, type KnownPhotos } from '../../main/media/known-photos';
import { MediaWorkers, type MediaWorkersOptions } from '../../main/media/media-workers';
import { silentLogger } from '../../main/logging/logger';

/** Runs a real intake (worker threads included) and returns every item with the batch sizes. */
export async function runIntake(
  paths: readonly string[],
  options: {
    zone?: string;
    known?: KnownPhotos;
    workers?: Partial<MediaWorkersOptions>;
    /** The per-file size limit; the default (500 MiB) when left out. */
    maxFileBytes?: number;
    /** Saved camera clock offsets to apply. */
    cameraOffsets?: readonly CameraOffset[];
  } = {},
): Promise<{ items: IntakeItem[]; batches: number[] }> {
  const workers = new MediaWorkers({ logger: silentLogger, ...options.workers });
  try {
    const items: IntakeItem[] = [];
    const batches: number[] = [];
    await new Intake(workers, options.known ?? noKnownPhotos, silentLogger).run(
      paths,
      {
        assumedZone: options.zone ?? 'UTC',
        ...(options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes }),
        ...(options.cameraOffsets === undefined ? {} : { cameraOffsets: options.cameraOffsets }),
      },
      (batch) => {
        items.push(...batch.items);
        batches.push(batch.items.length);
      },
    );
    return { items, batches };
  } finally {
    await workers.close();
  }
}

/** The photo item for a path ending, which must exist. */
export function photoAt(
  items: readonly IntakeItem[],
  ending: string,
): Extract<IntakeItem, { status: 'photo' }> {
  const item = items.find(
    (candidate) => candidate.path === ending || candidate.path.endsWith(`/${ending}`),
  );
  if (item?.status !== 'photo') throw new Error(`No photo for ${ending}: ${JSON.stringify(item)}`);
  return item;
}
