import { basename } from 'node:path';
import type { IpcInput, IpcResults } from '../../shared/ipc/contract';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import { words } from '../../shared/i18n/words';
import { projectForPhoto, tagsForPhoto } from '../folders/batch-folders';
import type { IntakeRuns } from './intake-runs';
import { batchDescriber, type ProjectNames } from './photo-description';

/**
 * `queue:preview-descriptions`: the description each of a few photos would be sent with, for the
 * window to show before uploading. Made by the plan's own `batchDescriber`, with the project and
 * tags each photo would get, so the preview is what `queue:add-photos` sends. A photo without a
 * project (none chosen yet, its subfolder left out) still gets its description, its `{project}`
 * empty: a preview never fails for what the batch has not decided yet.
 * @throws IpcFailure `bad-input` naming an unknown token of the template, or for a photo that is
 *   no longer known.
 */
export async function previewDescriptions(
  input: IpcInput<'queue:preview-descriptions'>,
  runs: Pick<IntakeRuns, 'photo' | 'root'>,
  clean: (description: string) => string,
  projectNames: ProjectNames,
): Promise<IpcResults['queue:preview-descriptions']> {
  const describe = await batchDescriber(
    { ...input, description: '', overrides: [] },
    clean,
    projectNames,
  );
  const ownTags = new Map(input.photoTags.map((entry) => [entry.intakeId, entry.tags]));
  const photos = input.intakeIds.map((intakeId) => {
    const photo = runs.photo(intakeId);
    if (photo === undefined) throw new IpcFailure('bad-input', words('error.addPhotos.photosGone'));
    const root = runs.root(intakeId) ?? photo.path;
    const project = projectForPhoto(root, photo.path, {
      projectId: input.projectId,
      subfolderProjects: input.subfolderProjects,
    });
    const tags = tagsForPhoto(
      root,
      photo.path,
      { batchTags: input.tags ?? [], tagsFromFolders: input.tagsFromFolders },
      ownTags.get(intakeId) ?? [],
    );
    const projectId = project.kind === 'project' ? project.projectId : undefined;
    return {
      intakeId,
      fileName: basename(photo.path),
      description: describe({ intakeId, photo, root, projectId, tags }),
    };
  });
  return { photos };
}
