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

/** What a batch decided about its descriptions (the fields of `queue:add-photos` that say so). */
export type BatchDescriptions = {
  /** The batch's description, for every photo when there is no template. */
  readonly description: string;
  readonly descriptionTemplate?: string | undefined;
  /** Per-photo descriptions that win over the batch's. */
  readonly overrides: readonly { readonly intakeId: number; readonly description: string }[];
  /** The projects of the batch, named for a template's `{project}`. */
  readonly projectId?: string | undefined;
  readonly subfolderProjects?:
    readonly ({ readonly projectId: string } | { readonly skipReason: unknown })[] | undefined;
};

/** One photo as the batch describes it: its intake id, project (when it has one) and tags. */
export type BatchPhoto = Omit<DescribedPhoto, 'projectId'> & {
  readonly intakeId: number;
  /** Undefined for a photo without a project (a preview of a batch that has none yet). */
  readonly projectId: string | undefined;
};

/**
 * Each photo's description exactly as it is sent: its own, else the batch's template rendered for
 * it, else the batch's description; cleaned by `clean` (the description policy). The one way
 * descriptions are made: `queue:add-photos`, `queue:plan-photos` and
 * `queue:preview-descriptions` all use it. A photo without a project names none in `{project}`.
 * @throws IpcFailure `bad-input` naming an unknown token of the template (before any photo), or
 *   what `clean` throws.
 */
export async function batchDescriber(
  batch: BatchDescriptions,
  clean: (description: string) => string,
  projectNames: ProjectNames,
): Promise<(photo: BatchPhoto) => string> {
  const description = clean(batch.description);
  const describe = await templateDescriber(
    batch.descriptionTemplate,
    [
      ...(batch.projectId === undefined ? [] : [batch.projectId]),
      ...(batch.subfolderProjects ?? []).flatMap((entry) =>
        'projectId' in entry ? [entry.projectId] : [],
      ),
    ],
    projectNames,
  );
  const own = new Map(batch.overrides.map((entry) => [entry.intakeId, clean(entry.description)]));
  return ({ intakeId, projectId, ...photo }) =>
    own.get(intakeId) ??
    (describe === undefined
      ? description
      : clean(describe({ ...photo, projectId: projectId ?? '' })));
}
