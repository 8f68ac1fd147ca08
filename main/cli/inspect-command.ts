import { type CameraOffset, cameraLabel, cameraOf } from '../../shared/domain/camera-clock';
import type { ClockEvidence } from '../../shared/domain/camera-offset-suggestion';
import { formatClockOffset } from '../../shared/domain/clock-offset-words';
import { clockEvidence, suggestionLines } from './camera-clock-lines';
import type { Coordinates, IntakeItem } from '../../shared/domain/intake';
import { englishFor } from '../../shared/i18n/words';
import { formatDistance, type ProjectDistance } from '../../shared/domain/project-distance';
import { computerZone } from '../../shared/domain/zone';
import { isKnownZone } from '../media/capture-time';
import { Intake } from '../media/intake';
import { noKnownPhotos } from '../media/known-photos';
import { MediaWorkers } from '../media/media-workers';
import { createLogger, Redactor, silentLogger, textLineSink } from '../logging/logger';
import { withCameraOffsetFlags } from './camera-offset-flag';
import { type CliContext, type CommandOutput, openCliContext, UsageError } from './cli-context';
import { printable } from '../../shared/domain/printable-text';
import { counted, ERRORS, PHOTOS } from './count-words';

/**
 * How `inspect --project ID` measures each photo: its distance to that project, far past
 * `farMeters`. `distanceOf` answers for a position (null: the photo has none).
 */
export type InspectPlace = {
  readonly distanceOf: (coordinates: Coordinates | null) => ProjectDistance;
};

/** `distance_m` and `far` of a photo; null when either it or the project has no place. */
function distanceFields(distance: ProjectDistance | undefined): Record<string, unknown> {
  if (distance === undefined) return {};
  return distance.known
    ? { distance_m: distance.meters, far: distance.far }
    : { distance_m: null, far: null };
}

/** One line of `inspect --json`; with `place` (`--project`), also `distance_m` and `far`. */
export function inspectRecord(item: IntakeItem, place?: InspectPlace): Record<string, unknown> {
  if (item.status !== 'photo') {
    return {
      path: item.path,
      status: item.status,
      reason: englishFor(item.reason),
      captured_at: null,
      captured_at_rule: null,
      zone: null,
      coordinates: null,
      md5: null,
      width: null,
      height: null,
      orientation: null,
      make: null,
      model: null,
      camera: null,
      camera_offset_s: null,
      ...(place ? { distance_m: null, far: null } : {}),
    };
  }
  const camera = cameraOf(item);
  return {
    path: item.path,
    status: 'photo',
    reason: item.note === undefined ? null : englishFor(item.note),
    captured_at: item.capture.capturedAt,
    captured_at_rule: item.capture.rule,
    zone: item.capture.zone,
    coordinates: item.coordinates,
    md5: item.md5,
    width: item.width ?? null,
    height: item.height ?? null,
    orientation: item.orientation,
    make: item.make ?? null,
    model: item.model ?? null,
    format: item.format,
    size: item.size,
    wall_time: item.capture.wallTime ?? null,
    captured_at_source: item.capture.source,
    captured_at_ms: item.capture.capturedAtMs,
    duplicate_of: item.duplicateOf ?? null,
    camera:
      camera === undefined
        ? null
        : { make: camera.make, model: camera.model, serial: camera.serial ?? null },
    camera_offset_s: item.capture.correction?.offsetSeconds ?? 0,
    captured_at_uncorrected: item.capture.correction?.uncorrectedAt ?? null,
    gps_clock_difference_s: item.capture.gpsDifferenceSeconds ?? null,
    ...distanceFields(place?.distanceOf(item.coordinates)),
  };
}

function isoSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * The camera offsets `inspect` applies: the flags' alone without a data folder; with
 * `--data-dir`, the saved ones with the flags' put in, and saved (through the folder's owner).
 */
export async function inspectCameraOffsets(
  flags: readonly CameraOffset[],
  dataDir: string | undefined,
  env: NodeJS.ProcessEnv,
  out: CommandOutput,
  verbose: boolean,
): Promise<readonly CameraOffset[]> {
  if (dataDir === undefined) return flags;
  const context = await openCliContext({ dataDir, verbose, noBrowser: true }, env, out);
  try {
    return await savedCameraOffsets(context, flags);
  } finally {
    await context.close();
  }
}

/**
 * The saved camera offsets of an open data folder with `flags` put in; saved when there are
 * flags (as `upload` does), so a later drop applies them too.
 */
export async function savedCameraOffsets(
  context: Pick<CliContext, 'call'>,
  flags: readonly CameraOffset[],
): Promise<readonly CameraOffset[]> {
  const saved = (await context.call('settings:get', {})).cameraOffsets;
  if (flags.length === 0) return saved;
  const merged = withCameraOffsetFlags(saved, flags);
  await context.call('settings:set', { cameraOffsets: merged });
  return merged;
}

function humanLine(item: IntakeItem, place: InspectPlace | undefined): string {
  const path = printable(item.path);
  if (item.status !== 'photo')
    return `${item.status.padEnd(7)} ${path}: ${printable(englishFor(item.reason))}`;
  const when = isoSeconds(item.capture.capturedAt);
  const where = item.coordinates
    ? ` at ${item.coordinates.lat.toFixed(5)},${item.coordinates.lon.toFixed(5)}`
    : '';
  const duplicate = item.duplicateOf ? ' (duplicate)' : '';
  const distance = place?.distanceOf(item.coordinates);
  const away = distance?.known
    ? ` ${formatDistance(distance.meters)} from the project${distance.far ? ' (far)' : ''}`
    : '';
  const correction = item.capture.correction;
  const corrected = correction
    ? ` corrected ${formatClockOffset(correction.offsetSeconds)} from ${isoSeconds(correction.uncorrectedAt)}`
    : '';
  const camera = cameraOf(item);
  const by = camera === undefined ? '' : ` by ${printable(cameraLabel(camera))}`;
  return `photo   ${path}: ${when}${corrected} (${item.capture.rule}, ${item.capture.zone})${where}${by}${away}${duplicate}${item.note ? ` — ${englishFor(item.note)}` : ''}`;
}

/**
 * `inspect <paths...> [--zone IANA] [--json]`: runs the intake on files and folders and prints
 * one line per file, in the order results arrive.
 */
export async function inspect(
  options: {
    paths: readonly string[];
    zone: string | undefined;
    json: boolean;
    /** With `--project`: each photo's distance to it. */
    place?: InspectPlace;
    /** Camera clock offsets to apply (see `inspectCameraOffsets`). */
    cameraOffsets?: readonly CameraOffset[];
    /** `--ignore GLOB`, repeated: patterns of paths left out (each already accepted). */
    ignore?: readonly string[];
  },
  out: CommandOutput,
  verbose: boolean,
): Promise<number> {
  // No data folder, so no log file: log records are shown only when asked for (--verbose).
  const logger = verbose
    ? createLogger({
        sink: textLineSink(out.stderr),
        redactor: new Redactor(),
        level: 'info',
        scope: 'cli',
      })
    : silentLogger;
  if (options.paths.length === 0) throw new UsageError('inspect needs at least one file or folder');
  const zone = options.zone ?? computerZone();
  if (!isKnownZone(zone))
    throw new UsageError(`--zone must be an IANA time zone such as Europe/Rome, not "${zone}"`);
  const workers = new MediaWorkers({ logger: logger.child('media') });
  try {
    const intake = new Intake(workers, noKnownPhotos, logger.child('intake'));
    const evidence: ClockEvidence[] = [];
    const runOptions = {
      assumedZone: zone,
      cameraOffsets: options.cameraOffsets ?? [],
      ignore: options.ignore ?? [],
    };
    const totals = await intake.run(options.paths, runOptions, (batch) => {
      for (const item of batch.items) {
        const clock = clockEvidence(item);
        if (clock !== undefined) evidence.push(clock);
        out.stdout.write(
          `${options.json ? JSON.stringify(inspectRecord(item, options.place)) : humanLine(item, options.place)}\n`,
        );
      }
    });
    for (const line of suggestionLines(evidence)) out.stderr.write(`${line}\n`);
    if (!options.json) {
      out.stderr.write(
        `${counted(totals.photos, PHOTOS)}, ${totals.skipped} skipped, ${counted(totals.errors, ERRORS)} (assumed zone ${zone})\n`,
      );
    }
    return 0;
  } finally {
    await workers.close();
  }
}
