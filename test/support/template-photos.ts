import { join } from 'node:path';
import type { IntakePhoto } from '../../shared/domain/intake';

// Intake photos for the core's template tests (the plan of `queue:add-photos` and the window's
// per-photo preview): each is taken at the same instant on a camera in its own zone, so a
// template's `{date}` and `{time}` show whose zone they read.

/** The dropped folder the photos are under. */
export const DROP_ROOT = join('/', 'drops', 'site');

/** An intake photo at `path`, taken at 2024-05-01 14:30 UTC on a camera at `zone`. */
export function photoTakenAt(path: string, zone: string): IntakePhoto {
  return {
    status: 'photo',
    path,
    format: 'jpeg',
    size: 1000,
    capture: {
      capturedAt: Date.UTC(2024, 4, 1, 14, 30) / 1000,
      capturedAtMs: Date.UTC(2024, 4, 1, 14, 30),
      rule: 'offset',
      zone,
      wallTime: undefined,
      source: 'DateTimeOriginal',
    },
    coordinates: null,
    width: 40,
    height: 30,
    orientation: 1,
    make: 'Canon',
    model: 'Canon EOS R6',
    md5: `${path}-md5`,
    duplicateOf: undefined,
    note: undefined,
  };
}

/** The intake runs the planner reads: these photos by intake id, all dropped at `DROP_ROOT`. */
export function intakeRunsOf(photos: ReadonlyMap<number, IntakePhoto>) {
  return { photo: (id: number) => photos.get(id), root: () => DROP_ROOT };
}
