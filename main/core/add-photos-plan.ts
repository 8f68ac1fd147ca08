import { realpath } from 'node:fs/promises';
import { normalizeTags } from '../../shared/domain/tags';
import type { BatchInput } from './preset-input';
import type { PlannedPhotoView } from '../../shared/ipc/plan-view';
import type { CaptureTime } from '../../shared/domain/intake';
import { isSameOrInside } from '../../shared/domain/after-upload';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { projectForPhoto, tagsForPhoto } from '../folders/batch-folders';
import type { IntakeOutcome } from '../queue/intake-outcomes-table';
import { newPhotoItem, type NewPhotoItem } from '../queue/queue-store';
import type { IntakeRuns } from './intake-runs';
import { batchDescriber, type ProjectNames } from './photo-description';

/** A photo of the call that is not queued, and why: said to the user, file by file. */
export type SkippedPhoto = {
  readonly intakeId: number;
  readonly path: string;
  readonly reason: Words;
};

/** What the plan makes of one photo of the call, in the order of the call's intake ids. */
export type PlannedPhoto =
  | {
      readonly intakeId: number;
      readonly path: string;
      readonly decision: 'queue';
      readonly item: NewPhotoItem;
      /** How intake read its capture time (the rule and zone that placed it). */
      readonly capture: CaptureTime;
    }
  | {
      readonly intakeId: number;
      readonly path: string;
      readonly decision: 'skipped' | 'on-service';
      readonly reason: Words;
      readonly projectId: string | undefined;
      /** For `on-service`: the service's photo that already holds these bytes. */
      readonly photoId?: string | undefined;
      /**
       * For `on-service` in a batch with an after-upload action: the item that records it done,
       * found on the service, so that its file is tidied once it is known to be the one queued.
       */
      readonly item?: NewPhotoItem | undefined;
    };

/** What `queue:add-photos` queues: the photos with their project and tags, and those left out. */
export type AddPhotosPlan = {
  /**
   * Every photo of the call with what becomes of it: `queue:add-photos` queues those to queue,
   * `queue:plan-photos` (`upload --dry-run`) only shows them. The other fields are read off it.
   */
  readonly each: readonly PlannedPhoto[];
  readonly photos: readonly NewPhotoItem[];
  /** The intake id of each of `photos`, in the same order. */
  readonly intakeIds: readonly number[];
  readonly skipped: readonly SkippedPhoto[];
  /** The photos already on the service whose file the batch's after-upload action tidies. */
  readonly foundOnService: readonly NewPhotoItem[];
  /**
   * What the report lists for the photos of the call that are not queued: those skipped (left
   * out, or in a subfolder without a project) and those already on the service, each with the
   * project it was meant for when it has one.
   */
  readonly notQueued: readonly (IntakeOutcome & { readonly projectId: string | undefined })[];
  /** The projects photos go to, in first-seen order (for the recent projects list). */
  readonly projectIds: readonly string[];
};

/**
 * The folder whose subfolders a move after upload keeps (the call's, or the photo's dropped
 * folder), as a real path. A move folder that is that folder or inside it is refused: the moved photos would land
 * among those dropped, and a watched folder would take them in again.
 * @throws IpcFailure `bad-input` for such a move folder.
 */
async function afterUploadRootFor(
  input: BatchInput,
  droppedRoot: string,
  realRoots: Map<string, Promise<string>>,
): Promise<string> {
  const action = input.afterUpload;
  const given = input.afterUploadRoot ?? droppedRoot;
  // Compared with the photo's real path, as it is queued (a dropped folder reached by a link);
  // resolved once per folder of the call.
  let real = realRoots.get(given);
  if (real === undefined) {
    real = realpath(given).catch(() => given);
    realRoots.set(given, real);
  }
  const root = await real;
  if (action?.kind === 'move') {
    const moveTo = action.folder;
    const folder = await realpath(moveTo).catch(() => moveTo);
    if (isSameOrInside(moveTo, given) || isSameOrInside(folder, root))
      throw new IpcFailure('bad-input', words('error.addPhotos.afterUploadInside'));
  }
  return root;
}

/**
 * Plans one `queue:add-photos` call: each photo's project (the batch's, or its subfolder's), its
 * description (its own, else the batch's template rendered for it, else the batch's) and its tags
 * (batch, folder names when chosen, its own). `clean` turns a description into what is sent, or
 * throws an `IpcFailure`; `projectNames` names projects for a template's `{project}`.
 * @throws IpcFailure `bad-input` when a photo is no longer known, no project was given at all,
 *   or the template names an unknown token (checked before any photo).
 */
export async function planAddPhotos(
  input: BatchInput,
  runs: Pick<IntakeRuns, 'photo' | 'root'>,
  clean: (description: string) => string,
  projectNames: ProjectNames = () => Promise.resolve(new Map()),
): Promise<AddPhotosPlan> {
  if (input.projectId === undefined && input.subfolderProjects === undefined)
    throw new IpcFailure('bad-input', words('error.addPhotos.noProject'));
  const describe = await batchDescriber(input, clean, projectNames);
  const ownTags = new Map(input.photoTags.map((entry) => [entry.intakeId, entry.tags]));
  const leftOut = new Map((input.leftOut ?? []).map((entry) => [entry.intakeId, entry.reason]));
  const onService = new Map(
    (input.onService ?? []).map((entry) => [entry.intakeId, entry.photoId]),
  );
  const found = input.intakeIds.map((intakeId) => ({ intakeId, photo: runs.photo(intakeId) }));
  const each: PlannedPhoto[] = [];
  const projectIds = new Set<string>();
  const realRoots = new Map<string, Promise<string>>();
  for (const { intakeId, photo } of found) {
    if (photo === undefined) throw new IpcFailure('bad-input', words('error.addPhotos.photosGone'));
    const root = runs.root(intakeId) ?? photo.path;
    const project = projectForPhoto(root, photo.path, {
      projectId: input.projectId,
      subfolderProjects: input.subfolderProjects,
    });
    const projectId = project.kind === 'project' ? project.projectId : undefined;
    const copy = onService.get(intakeId);
    if (copy !== undefined) {
      // Said to the user where it was found (the review, `upload`); listed in the report here.
      // The service holds it: a batch's after-upload action tidies it too (issue 26 §3), so it
      // is recorded as a queue item done, with the MD5 and identity the tidying checks.
      const tidied =
        projectId === undefined ||
        input.afterUpload === undefined ||
        input.afterUpload.kind === 'leave'
          ? undefined
          : newPhotoItem(
              { ...photo, path: await realpath(photo.path).catch(() => photo.path) },
              {
                projectId,
                description: describe({ intakeId, photo, root, projectId, tags: [] }),
                internal: input.internal ?? false,
                tags: [],
                afterUpload: input.afterUpload,
                afterUploadRoot: await afterUploadRootFor(input, root, realRoots),
                foundOnService: copy,
              },
            );
      each.push({
        intakeId,
        path: photo.path,
        decision: 'on-service',
        reason: words('reason.intake.alreadyOnService', { photoId: copy }),
        photoId: copy,
        projectId,
        item: tidied,
      });
      continue;
    }
    const skipReason =
      leftOut.get(intakeId) ?? (project.kind === 'skip' ? project.reason : undefined);
    if (skipReason !== undefined || project.kind === 'skip') {
      // A skipped project always has its reason: the test only narrows `project` below.
      if (skipReason !== undefined)
        each.push({
          intakeId,
          path: photo.path,
          decision: 'skipped',
          reason: skipReason,
          projectId,
        });
      continue;
    }
    projectIds.add(project.projectId);
    const tags = tagsForPhoto(
      root,
      photo.path,
      { batchTags: input.tags ?? [], tagsFromFolders: input.tagsFromFolders },
      ownTags.get(intakeId) ?? [],
    );
    // A photo reached through a link (inside the dropped folders) is queued by its real path:
    // at upload the file is opened without following links, so a link swapped later is refused.
    const path = await realpath(photo.path).catch(() => photo.path);
    const keptUnder = await afterUploadRootFor(input, root, realRoots);
    const rendered = describe({ intakeId, photo, root, projectId: project.projectId, tags });
    const item = newPhotoItem(
      { ...photo, path },
      {
        projectId: project.projectId,
        description: rendered,
        internal: input.internal ?? false,
        tags,
        allowDuplicates: input.allowDuplicates,
        // The root is kept for every photo: `sync --after-upload` may give an action later.
        afterUpload: input.afterUpload,
        afterUploadRoot: keptUnder,
      },
    );
    each.push({ intakeId, path: photo.path, decision: 'queue', item, capture: photo.capture });
  }
  return { each, projectIds: [...projectIds], ...queuedAndNot(each) };
}

/** The photos to queue and those not queued (for the reply and the report), read off the plan. */
function queuedAndNot(
  each: readonly PlannedPhoto[],
): Pick<AddPhotosPlan, 'photos' | 'intakeIds' | 'skipped' | 'notQueued' | 'foundOnService'> {
  const photos: NewPhotoItem[] = [];
  const foundOnService: NewPhotoItem[] = [];
  const intakeIds: number[] = [];
  const skipped: SkippedPhoto[] = [];
  const notQueued: (IntakeOutcome & { projectId: string | undefined })[] = [];
  for (const entry of each) {
    if (entry.decision === 'queue') {
      photos.push(entry.item);
      intakeIds.push(entry.intakeId);
      continue;
    }
    const { intakeId, path, reason, projectId } = entry;
    if (entry.decision === 'skipped') {
      skipped.push({ intakeId, path, reason });
      notQueued.push({ path, outcome: 'skipped', reason, projectId });
    } else if (entry.item !== undefined)
      // Listed in the report by its item, with what became of its file.
      foundOnService.push(entry.item);
    else notQueued.push({ path, outcome: 'on-service', reason, photoId: entry.photoId, projectId });
  }
  return { photos, intakeIds, skipped, notQueued, foundOnService };
}

/**
 * What `queue:plan-photos` answers for one planned photo: what would be sent, or why not;
 * `queuedItemId`: the queue item that already holds a photo to send.
 */
export function plannedPhotoView(
  entry: PlannedPhoto,
  // An object, not a number: `each.map(plannedPhotoView)` must not take the index for an item.
  {
    queuedItemId,
    projectNames = new Map(),
  }: {
    readonly queuedItemId?: number | undefined;
    /** Project names by id, where the service named them. */
    readonly projectNames?: ReadonlyMap<string, string>;
  } = {},
): PlannedPhotoView {
  const projectId = entry.decision === 'queue' ? entry.item.projectId : entry.projectId;
  const projectName = projectId === undefined ? undefined : projectNames.get(projectId);
  const named = projectName === undefined ? {} : { projectName };
  if (entry.decision !== 'queue')
    return {
      intakeId: entry.intakeId,
      path: entry.path,
      action: entry.decision === 'skipped' ? 'skip' : 'on-service',
      projectId: entry.projectId,
      ...named,
      reason: entry.reason,
      ...(entry.photoId === undefined ? {} : { photoId: entry.photoId }),
    };
  const { item, capture } = entry;
  return {
    intakeId: entry.intakeId,
    path: entry.path,
    action: 'send',
    projectId: item.projectId,
    ...named,
    capturedAt: item.capturedAt,
    captureRule: capture.rule,
    zone: capture.zone,
    captureSource: capture.source,
    coordinates: item.coordinates,
    description: item.description,
    // As the queue stores them, so as the service gets them.
    tags: normalizeTags(item.tags ?? []),
    internal: item.internal,
    ...(queuedItemId === undefined ? {} : { queuedItemId }),
  };
}
