import { realpath } from 'node:fs/promises';
import type { IpcInput } from '../../shared/ipc/contract';
import { isSameOrInside } from '../../shared/domain/after-upload';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { projectForPhoto, tagsForPhoto } from '../folders/batch-folders';
import type { IntakeOutcome } from '../queue/intake-outcomes-table';
import { newPhotoItem, type NewPhotoItem } from '../queue/queue-store';
import type { IntakeRuns } from './intake-runs';

/** A photo of the call that is not queued, and why: said to the user, file by file. */
export type SkippedPhoto = {
  readonly intakeId: number;
  readonly path: string;
  readonly reason: Words;
};

/** What `queue:add-photos` queues: the photos with their project and tags, and those left out. */
export type AddPhotosPlan = {
  readonly photos: readonly NewPhotoItem[];
  /** The intake id of each of `photos`, in the same order. */
  readonly intakeIds: readonly number[];
  readonly skipped: readonly SkippedPhoto[];
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
  input: IpcInput<'queue:add-photos'>,
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
 * description (its own or the batch's) and its tags (batch, folder names when chosen, its own).
 * `clean` turns a description into what is sent, or throws an `IpcFailure`.
 * @throws IpcFailure `bad-input` when a photo is no longer known, or no project was given at all.
 */
export async function planAddPhotos(
  input: IpcInput<'queue:add-photos'>,
  runs: Pick<IntakeRuns, 'photo' | 'root'>,
  clean: (description: string) => string,
): Promise<AddPhotosPlan> {
  if (input.projectId === undefined && input.subfolderProjects === undefined)
    throw new IpcFailure('bad-input', words('error.addPhotos.noProject'));
  const description = clean(input.description);
  const own = new Map(input.overrides.map((entry) => [entry.intakeId, clean(entry.description)]));
  const ownTags = new Map(input.photoTags.map((entry) => [entry.intakeId, entry.tags]));
  const leftOut = new Map((input.leftOut ?? []).map((entry) => [entry.intakeId, entry.reason]));
  const onService = new Map(
    (input.onService ?? []).map((entry) => [entry.intakeId, entry.photoId]),
  );
  const notQueued: (IntakeOutcome & { projectId: string | undefined })[] = [];
  const found = input.intakeIds.map((intakeId) => ({ intakeId, photo: runs.photo(intakeId) }));
  const photos: NewPhotoItem[] = [];
  const intakeIds: number[] = [];
  const skipped: SkippedPhoto[] = [];
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
      notQueued.push({
        path: photo.path,
        outcome: 'on-service',
        reason: words('reason.intake.alreadyOnService', { photoId: copy }),
        photoId: copy,
        projectId,
      });
      continue;
    }
    const skipReason =
      leftOut.get(intakeId) ?? (project.kind === 'skip' ? project.reason : undefined);
    if (skipReason !== undefined || project.kind === 'skip') {
      // A skipped project always has its reason: the test only narrows `project` below.
      if (skipReason !== undefined) {
        skipped.push({ intakeId, path: photo.path, reason: skipReason });
        notQueued.push({ path: photo.path, outcome: 'skipped', reason: skipReason, projectId });
      }
      continue;
    }
    projectIds.add(project.projectId);
    const tags = tagsForPhoto(
      root,
      photo.path,
      { batchTags: input.tags, tagsFromFolders: input.tagsFromFolders },
      ownTags.get(intakeId) ?? [],
    );
    // A photo reached through a link (inside the dropped folders) is queued by its real path:
    // at upload the file is opened without following links, so a link swapped later is refused.
    const path = await realpath(photo.path).catch(() => photo.path);
    const keptUnder = await afterUploadRootFor(input, root, realRoots);
    intakeIds.push(intakeId);
    photos.push(
      newPhotoItem(
        { ...photo, path },
        {
          projectId: project.projectId,
          description: own.get(intakeId) ?? description,
          internal: input.internal,
          tags,
          allowDuplicates: input.allowDuplicates,
          // The root is kept for every photo: `sync --after-upload` may give an action later.
          afterUpload: input.afterUpload,
          afterUploadRoot: keptUnder,
        },
      ),
    );
  }
  return { photos, intakeIds, skipped, notQueued, projectIds: [...projectIds] };
}
