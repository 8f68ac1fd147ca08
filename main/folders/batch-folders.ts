import { dirname, resolve } from 'node:path';
import { normalizeTags } from '../../shared/domain/tags';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import {
  type FolderMatchChoices,
  foldersBetween,
  type NamedProject,
  projectForFolderName,
  subfolderOf,
} from './folder-rules';

/**
 * The dropped or chosen path that holds `file`: the deepest of `roots` it lies in (or is). A file
 * found under no root (which the crawl never yields) is its own root, so it gets no folder tags.
 * Pass a set (made once per drop) for large drops: the lookup then walks up the file's own
 * folders, so its cost does not grow with the number of dropped paths.
 */
export function droppedRootOf(
  roots: ReadonlySet<string> | readonly string[],
  file: string,
): string {
  const known = roots instanceof Set ? roots : new Set(Array.from(roots, (root) => resolve(root)));
  let folder = resolve(file);
  for (;;) {
    if (known.has(folder)) return folder;
    const parent = dirname(folder);
    if (parent === folder) return file;
    folder = parent;
  }
}

/** The dropped paths of one drop, made once, for `droppedRootOf`. */
export function rootSet(roots: readonly string[]): ReadonlySet<string> {
  return new Set(roots.map((root) => resolve(root)));
}

/** What a batch chose for its tags. */
export type BatchTagChoices = {
  /** Tags for every photo of the batch. */
  readonly batchTags: readonly string[];
  /** Whether the names of the folders between the dropped folder and the file become tags. */
  readonly tagsFromFolders: boolean;
};

/**
 * The tags one photo is created with: the batch's, then (when chosen) the names of the folders
 * between `root` and `file`, then the photo's own; normalized (trimmed, no duplicates ignoring case).
 */
export function tagsForPhoto(
  root: string,
  file: string,
  choices: BatchTagChoices,
  photoTags: readonly string[] = [],
): string[] {
  const folders = choices.tagsFromFolders ? foldersBetween(root, file) : [];
  return normalizeTags(choices.batchTags, folders, photoTags);
}

/** A subfolder of a dropped folder and the project its photos go to, or why they are left out. */
export type SubfolderProject =
  | { readonly subfolder: string; readonly projectId: string }
  | { readonly subfolder: string; readonly skipReason: Words };

/** What a batch chose for its projects: one for the batch, and/or one per subfolder. */
export type BatchProjectChoices = {
  /** The batch's project: photos directly in the dropped folder, or every photo without per-subfolder choices. */
  readonly projectId: string | undefined;
  /** When given, each subfolder of the dropped folder goes to its own project. */
  readonly subfolderProjects: readonly SubfolderProject[] | undefined;
};

/** Where one photo goes: a project, or nowhere with the reason the user is told. */
export type PhotoProject =
  | { readonly kind: 'project'; readonly projectId: string }
  | { readonly kind: 'skip'; readonly reason: Words };

/**
 * The project of the photo at `file`, dropped as part of `root`. With per-subfolder choices, a
 * photo in a subfolder goes to that subfolder's project; a subfolder with none is skipped with
 * its reason (a photo never goes to a guessed project). A photo directly in the dropped folder,
 * or any photo without per-subfolder choices, goes to the batch's project.
 */
export function projectForPhoto(
  root: string,
  file: string,
  choices: BatchProjectChoices,
): PhotoProject {
  const subfolder = choices.subfolderProjects === undefined ? undefined : subfolderOf(root, file);
  if (subfolder !== undefined) {
    const choice = choices.subfolderProjects?.find((entry) => entry.subfolder === subfolder);
    if (choice === undefined)
      return {
        kind: 'skip',
        reason: words('reason.intake.noProjectForFolder', { folder: subfolder }),
      };
    return 'projectId' in choice
      ? { kind: 'project', projectId: choice.projectId }
      : { kind: 'skip', reason: choice.skipReason };
  }
  if (choices.projectId !== undefined) return { kind: 'project', projectId: choices.projectId };
  return {
    kind: 'skip',
    reason:
      choices.subfolderProjects === undefined
        ? words('reason.intake.noProjectForPhoto')
        : words('reason.intake.notInSubfolder'),
  };
}

/**
 * Each subfolder to the project named exactly like it (ignoring case), or left out with the
 * reason `projectForFolderName` gives: the command line's `--project-per-subfolder` and a watched
 * folder's per-subfolder rule. `projects` must be all of them, so that "no match" is true.
 * Archived projects are matched only with `choices.includeArchived` (`--include-archived`).
 */
export function subfolderProjectsByName(
  subfolders: Iterable<string>,
  projects: readonly NamedProject[],
  choices: FolderMatchChoices = {},
): SubfolderProject[] {
  return [...new Set(subfolders)].map((subfolder) => {
    const found = projectForFolderName(subfolder, projects, choices);
    return found.kind === 'match'
      ? { subfolder, projectId: found.projectId }
      : { subfolder, skipReason: found.reason };
  });
}
