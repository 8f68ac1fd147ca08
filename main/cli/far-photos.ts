import type { Coordinates } from '../../shared/domain/intake';
import { printable } from '../../shared/domain/printable-text';
import {
  distanceToProject,
  FAR_METERS_RANGE,
  nearestProject,
  type ProjectDistance,
} from '../../shared/domain/project-distance';
import type { ProjectListingView } from '../../shared/ipc/views';
import { farWords } from '../../shared/i18n/reason-words';
import type { Words } from '../../shared/i18n/translator';
import { englishFor } from '../../shared/i18n/words';
import { type CliContext, type CommandOutput, UsageError } from './cli-context';
import type { InspectPlace } from './inspect-command';

/** A photo taken in, with its position when it has one. */
export type PositionedPhoto = {
  readonly intakeId: number;
  readonly path: string;
  readonly coordinates: Coordinates | null;
};

/** A photo the command line checks against its project. */
export type PlacedPhoto = PositionedPhoto & { readonly projectId: string | undefined };

/** A photo farther from its project than the threshold, with the project to suggest. */
export type FarPhoto = {
  readonly intakeId: number;
  readonly path: string;
  readonly meters: number;
  readonly projectName: string;
  readonly nearest: { readonly name: string; readonly meters: number } | undefined;
};

/**
 * The `--far-meters N` flag as a number of metres; undefined when not given.
 * @throws UsageError when it is not a whole number in range.
 */
export function farMetersFlag(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const meters = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || meters < FAR_METERS_RANGE.min || meters > FAR_METERS_RANGE.max)
    throw new UsageError(
      `--far-meters must be a whole number of metres from ${FAR_METERS_RANGE.min} to ${FAR_METERS_RANGE.max}, not "${raw}"`,
    );
  return meters;
}

/** The threshold for this run: the flag, else the saved setting (default 1 km). */
export async function farMetersFor(context: CliContext, flag: string | undefined): Promise<number> {
  return farMetersFlag(flag) ?? (await context.call('settings:get', {})).farMeters;
}

/** Every project the service lists (all pages), with coordinates, geofence and archived mark. */
export async function allProjects(context: CliContext): Promise<readonly ProjectListingView[]> {
  return (await context.call('projects:list-all', { query: '' })).projects;
}

/** A photo's distance to a project of `projects`; unknown when that project is not listed. */
export function distanceOf(
  coordinates: Coordinates | null,
  projectId: string,
  projects: readonly ProjectListingView[],
  farMeters: number,
): ProjectDistance {
  const project = projects.find((entry) => entry.id === projectId);
  if (project === undefined) return { known: false, reason: 'no-project-place' };
  return distanceToProject(coordinates, project, farMeters);
}

/** The photos farther than `farMeters` from their project, each with a nearer project if any. */
export function farPhotos(
  photos: readonly PlacedPhoto[],
  projects: readonly ProjectListingView[],
  farMeters: number,
): FarPhoto[] {
  const far: FarPhoto[] = [];
  for (const photo of photos) {
    if (photo.projectId === undefined) continue;
    const distance = distanceOf(photo.coordinates, photo.projectId, projects, farMeters);
    if (!distance.known || !distance.far) continue;
    const project = projects.find((entry) => entry.id === photo.projectId);
    const nearest = nearestProject(photo.coordinates, projects, photo.projectId);
    far.push({
      intakeId: photo.intakeId,
      path: photo.path,
      meters: distance.meters,
      projectName: project?.name ?? photo.projectId,
      nearest: nearest && { name: nearest.project.name, meters: nearest.meters },
    });
  }
  return far;
}

/** Why a far photo is flagged, in one sentence (the warning line and the report's reason). */
export function farReason(photo: FarPhoto): string {
  return englishFor(farWords(photo));
}

/** The warning line `upload` prints for a far photo. */
export function farWarning(photo: FarPhoto, skipped: boolean): string {
  const what = skipped ? 'skipped (far)' : 'far';
  return `${what}: ${printable(photo.path)}: ${printable(farReason(photo))}\n`;
}

/**
 * Says which photos were taken far from their project (with the nearest project, when there is
 * one) and returns those to leave out with `--skip-far`, each with its reason. The projects are
 * only listed when some photo has a position.
 */
export async function warnFarPhotos<P extends PositionedPhoto>(
  context: CliContext,
  photos: readonly P[],
  projectOf: (photo: P) => string | undefined,
  options: { readonly skipFar?: boolean; readonly farMeters?: string | undefined },
  out: CommandOutput,
): Promise<{ intakeId: number; reason: Words }[]> {
  if (!photos.some((photo) => photo.coordinates !== null)) return [];
  const farMeters = await farMetersFor(context, options.farMeters);
  const placed = photos.map((photo) => ({ ...photo, projectId: projectOf(photo) }));
  const far = farPhotos(placed, await allProjects(context), farMeters);
  // Left out, a far photo is said once, by the queue's "skipped" line with the same reason.
  if (options.skipFar === true)
    return far.map((photo) => ({ intakeId: photo.intakeId, reason: farWords(photo) }));
  for (const photo of far) out.stderr.write(farWarning(photo, false));
  return [];
}

/**
 * What `inspect --project ID` measures against: the project as the service lists it and the
 * threshold (the flag, else the setting).
 * @throws UsageError when no listed project has that id.
 */
export async function inspectPlace(
  context: CliContext,
  projectId: string,
  farMetersRaw: string | undefined,
): Promise<InspectPlace> {
  farMetersFlag(farMetersRaw);
  const projects = await allProjects(context);
  if (!projects.some((project) => project.id === projectId))
    throw new UsageError(`No project has the id "${printable(projectId)}" (see \`projects\`).`);
  const farMeters = await farMetersFor(context, farMetersRaw);
  return { distanceOf: (coordinates) => distanceOf(coordinates, projectId, projects, farMeters) };
}
