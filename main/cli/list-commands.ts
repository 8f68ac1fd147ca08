import { uploaderName } from '../../shared/domain/photo-match';
import { printable } from '../../shared/domain/printable-text';
import { counted, PHOTOS } from './count-words';
import type { PhotoListingView, ProjectListingView } from '../../shared/ipc/views';
import type { ServiceCopyView } from '../../shared/ipc/views';
import { type CliContext, type CommandOutput, CommandFailed, UsageError } from './cli-context';

// `projects` and `photos`: what the service holds, listed through the core like every command.
// Everything the service sent is printed through `printable`, so a name with control characters
// cannot move the cursor or rewrite the terminal.

/** Intake ids per `photos:find-copies` call (its input's bound). */
const FIND_COPIES_CHUNK = 20_000;

function coordinatesText(coordinates: { lat: number; lon: number } | null): string {
  return coordinates === null ? 'no coordinates' : `${coordinates.lat}, ${coordinates.lon}`;
}

function projectLine(project: ProjectListingView): string {
  return [
    printable(project.id),
    `${printable(project.name)}${project.archived ? ' [archived]' : ''}`,
    printable(project.address === '' ? 'no address' : project.address),
    coordinatesText(project.coordinates),
  ].join('  |  ');
}

/** `projects [--search Q] [--json]`: every project the service lists (matching Q). */
export async function listProjects(
  context: CliContext,
  options: { search: string | undefined; json: boolean },
  out: CommandOutput,
): Promise<number> {
  const { projects } = await context.call('projects:list-all', { query: options.search ?? '' });
  if (options.json) {
    for (const project of projects)
      out.stdout.write(
        `${JSON.stringify({
          id: project.id,
          name: project.name,
          address: project.address,
          coordinates: project.coordinates,
          archived: project.archived,
        })}\n`,
      );
    return 0;
  }
  for (const project of projects) out.stdout.write(`${projectLine(project)}\n`);
  out.stdout.write(`${counted(projects.length, { one: 'project', other: 'projects' })}.\n`);
  return 0;
}

/**
 * `--since` as epoch seconds: an ISO date (`2024-05-01`, midnight UTC) or date and time
 * (`2024-05-01T08:00:00Z`, `2024-05-01T10:00+02:00`; without a zone, this computer's).
 * @throws UsageError for anything else.
 */
export function sinceSeconds(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw)
    ? Date.parse(raw)
    : Number.NaN;
  if (Number.isNaN(ms) || ms < 0)
    throw new UsageError(
      `--since must be an ISO date or date and time (2024-05-01 or 2024-05-01T08:00:00Z), not "${printable(raw)}"`,
    );
  return Math.floor(ms / 1000);
}

function captureText(capturedAt: number | null): string {
  return capturedAt === null
    ? 'capture time unknown'
    : new Date(capturedAt * 1000).toISOString().replace('.000Z', 'Z');
}

function photoLine(photo: PhotoListingView): string {
  return [
    printable(photo.id),
    captureText(photo.capturedAt),
    photo.hash ?? 'no hash yet',
    printable(photo.processingStatus),
    photo.tags.length === 0 ? 'no tags' : `tags: ${photo.tags.map(printable).join(', ')}`,
    photo.uploader === null
      ? 'uploader not stated'
      : `uploaded by ${printable(uploaderName(photo.uploader))}`,
    photo.description === '' ? 'no description' : printable(photo.description),
  ].join('  |  ');
}

/**
 * `photos --project ID [--since DATE] [--tag T]... [--uploaded-by WHO] [--json]`: every photo of
 * the project (taken since DATE, carrying every T, uploaded by WHO). The core matches tags and
 * uploader over every page (the service filters only by date); when the service does not say
 * who uploaded some photos, `--uploaded-by` leaves them out and the note on stderr says so.
 */
export async function listPhotos(
  context: CliContext,
  options: {
    projectId: string | undefined;
    since: string | undefined;
    tags?: readonly string[];
    uploadedBy?: string | undefined;
    json: boolean;
  },
  out: CommandOutput,
): Promise<number> {
  if (!options.projectId) throw new UsageError('photos needs --project ID');
  const since = sinceSeconds(options.since);
  const uploadedBy = options.uploadedBy?.trim();
  if (options.uploadedBy !== undefined && !uploadedBy)
    throw new UsageError('--uploaded-by needs a name or an id');
  const { photos, uploaderUnstated } = await context.call('photos:list-all', {
    projectId: options.projectId,
    ...(since === undefined ? {} : { since }),
    tags: [...(options.tags ?? [])],
    ...(uploadedBy ? { uploadedBy } : {}),
  });
  if (uploadedBy && uploaderUnstated > 0)
    out.stderr.write(
      `Note: the service does not say who uploaded ${counted(uploaderUnstated, PHOTOS)} of this project; --uploaded-by leaves them out.\n`,
    );
  if (options.json) {
    for (const photo of photos)
      out.stdout.write(
        `${JSON.stringify({
          id: photo.id,
          captured_at: photo.capturedAt,
          hash: photo.hash,
          description: photo.description,
          tags: photo.tags,
          uploaded_by: photo.uploader,
          processing_status: photo.processingStatus,
        })}\n`,
      );
    return 0;
  }
  for (const photo of photos) out.stdout.write(`${photoLine(photo)}\n`);
  out.stdout.write(`${counted(photos.length, PHOTOS)}.\n`);
  return 0;
}

/** What `withoutServiceCopies` leaves: the photos to queue, and those the project already has. */
export type ServiceCopiesSorted = {
  /** The intake ids to queue. */
  readonly kept: number[];
  /** The photos left out because the project has them, with the service's photo (for the report). */
  readonly onService: { intakeId: number; photoId: string }[];
};

/**
 * Before `upload` queues photos: those the project already has are said per photo and left out,
 * unless `allowDuplicates`; a copy in another project is said and kept (the user decides).
 */
export async function withoutServiceCopies(
  context: CliContext,
  photos: readonly { readonly intakeId: number; readonly path: string }[],
  options: { readonly projectId: string; readonly allowDuplicates: boolean },
  out: CommandOutput,
): Promise<ServiceCopiesSorted> {
  if (photos.length === 0) return { kept: [], onService: [] };
  const copies: ServiceCopyView[] = [];
  try {
    for (let start = 0; start < photos.length; start += FIND_COPIES_CHUNK) {
      const chunk = photos.slice(start, start + FIND_COPIES_CHUNK);
      const found = await context.call('photos:find-copies', {
        projectId: options.projectId,
        intakeIds: chunk.map((photo) => photo.intakeId),
      });
      copies.push(...found.copies);
    }
  } catch (error) {
    if (!(error instanceof CommandFailed)) throw error;
    // Offline, signed out or not trusted: the queue still checks each photo before it is
    // uploaded, and says the reason there; said once, not twice.
    out.stderr.write(
      'Note: could not look for these photos on the service now; each is checked again before it is uploaded.\n',
    );
    return { kept: photos.map((photo) => photo.intakeId), onService: [] };
  }
  const byIntake = new Map(copies.map((copy) => [copy.intakeId, copy]));
  const kept: number[] = [];
  const onService: { intakeId: number; photoId: string }[] = [];
  for (const photo of photos) {
    const copy = byIntake.get(photo.intakeId);
    const name = printable(photo.path);
    if (copy === undefined) kept.push(photo.intakeId);
    else if (!copy.inChosenProject) {
      out.stderr.write(
        `${name}: already on the service as photo ${printable(copy.photoId)} in project ${printable(copy.projectId)}: uploading to this project too\n`,
      );
      kept.push(photo.intakeId);
    } else if (options.allowDuplicates) {
      out.stderr.write(
        `${name}: already on the service as photo ${printable(copy.photoId)}: uploading again (--allow-duplicates)\n`,
      );
      kept.push(photo.intakeId);
    } else {
      out.stderr.write(
        `${name}: already on the service as photo ${printable(copy.photoId)}: skipped\n`,
      );
      onService.push({ intakeId: photo.intakeId, photoId: copy.photoId });
    }
  }
  return { kept, onService };
}

/**
 * `withoutServiceCopies` for photos that go to different projects (a project per subfolder):
 * each photo is looked for in the project it goes to, and said per photo the same way. A photo
 * with no project is kept: the queue skips it and says why. The intake ids to queue are in the
 * order of `photos`.
 */
export async function withoutServiceCopiesByProject(
  context: CliContext,
  photos: readonly {
    readonly intakeId: number;
    readonly path: string;
    readonly projectId: string | undefined;
  }[],
  allowDuplicates: boolean,
  out: CommandOutput,
): Promise<ServiceCopiesSorted> {
  const byProject = new Map<string, { intakeId: number; path: string }[]>();
  const kept = new Set<number>();
  const onService: ServiceCopiesSorted['onService'] = [];
  for (const photo of photos) {
    if (photo.projectId === undefined) kept.add(photo.intakeId);
    else byProject.set(photo.projectId, [...(byProject.get(photo.projectId) ?? []), photo]);
  }
  for (const [projectId, group] of byProject) {
    const sorted = await withoutServiceCopies(context, group, { projectId, allowDuplicates }, out);
    for (const intakeId of sorted.kept) kept.add(intakeId);
    onService.push(...sorted.onService);
  }
  return {
    kept: photos.filter((photo) => kept.has(photo.intakeId)).map((photo) => photo.intakeId),
    onService,
  };
}
