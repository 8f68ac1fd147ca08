import { basename, dirname } from 'node:path';
import {
  parseDescriptionTemplate,
  renderDescriptionTemplate,
  templateValues,
  unknownTokenWords,
  usesToken,
} from '../../shared/domain/description-template';
import type { IntakePhoto } from '../../shared/domain/intake';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import { foldersBetween } from '../folders/folder-rules';

/** The names of projects by id, as far as they can be learned (an id left out has none known). */
export type ProjectNames = (projectIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;

/** What one photo's description is rendered from: the file, its dropped folder, project, tags. */
export type DescribedPhoto = {
  readonly photo: Pick<IntakePhoto, 'path' | 'capture' | 'make' | 'model'>;
  /** The dropped (or watched) folder the photo was found in; the file itself when dropped alone. */
  readonly root: string;
  readonly projectId: string;
  readonly tags: readonly string[];
};

/** A photo's description from the batch's template (before the description policy cleans it). */
export type PhotoDescriber = (photo: DescribedPhoto) => string;

/**
 * The describer of a batch's description template, or undefined without one. The template is
 * checked first, so a batch with an unknown token is refused before anything is queued. The
 * projects' names are asked once, only when the template says `{project}`; a project whose name
 * cannot be learned (offline, say) is named by its id.
 * @throws IpcFailure `bad-input`, naming the unknown token.
 */
export async function templateDescriber(
  template: string | undefined,
  projectIds: readonly string[],
  projectNames: ProjectNames,
): Promise<PhotoDescriber | undefined> {
  if (template === undefined) return undefined;
  const parsed = parseDescriptionTemplate(template);
  if (!parsed.ok) throw new IpcFailure('bad-input', unknownTokenWords(parsed.unknown));
  const names = usesToken(parsed.parts, 'project')
    ? await projectNames(projectIds).catch(() => new Map<string, string>())
    : new Map<string, string>();
  return ({ photo, root, projectId, tags }) => {
    const folders = foldersBetween(root, photo.path);
    return renderDescriptionTemplate(
      parsed.parts,
      templateValues({
        folders,
        folderName: basename(dirname(photo.path)),
        fileName: basename(photo.path),
        capture: photo.capture,
        make: photo.make,
        model: photo.model,
        projectName: names.get(projectId) ?? projectId,
        tags,
      }),
    );
  };
}
