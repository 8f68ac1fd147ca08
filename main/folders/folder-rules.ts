import { isAbsolute, relative, sep } from 'node:path';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';

/**
 * The names of the folders between `root` (a dropped or watched folder) and `file`, outermost
 * first: `root/A/B/x.jpg` gives `['A', 'B']`. Empty for a file directly in `root`, and for a file
 * that is not under `root` at all.
 */
export function foldersBetween(root: string, file: string): string[] {
  const path = relative(root, file);
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return [];
  return path.split(sep).slice(0, -1);
}

/** The subfolder of `root` that holds `file` (`root/A/B/x.jpg` gives `A`); undefined for a file directly in `root`. */
export function subfolderOf(root: string, file: string): string | undefined {
  return foldersBetween(root, file)[0];
}

/** A project as the folder rules need it: the service may leave its name out (null). */
export type NamedProject = {
  readonly id: string;
  readonly name: string | null | undefined;
  /** Archived on the service: matched only when the user confirmed archived projects. */
  readonly archived?: boolean | undefined;
};

/** What the user allowed for folder names: archived projects only once confirmed. */
export type FolderMatchChoices = { readonly includeArchived?: boolean | undefined };

/** Which project a subfolder's name picks, or why it picks none. */
export type FolderProject =
  | { readonly kind: 'match'; readonly projectId: string; readonly projectName: string }
  | { readonly kind: 'skip'; readonly reason: Words };

const comparable = (name: string) =>
  name.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en');

/**
 * The project named exactly like `folderName`, ignoring case and surrounding or repeated spaces
 * (the command line's `--project-per-subfolder` and a watched folder's per-subfolder rule). A
 * folder with no such project, or with several, is skipped with that reason: a photo never goes
 * to a guessed project. An archived project is never matched silently (issue 22): unless
 * `choices.includeArchived`, it is left out, and a folder only it is named like is skipped with
 * that reason.
 */
export function projectForFolderName(
  folderName: string,
  projects: readonly NamedProject[],
  choices: FolderMatchChoices = {},
): FolderProject {
  const wanted = comparable(folderName);
  const named = projects.filter(
    (project) => typeof project.name === 'string' && comparable(project.name) === wanted,
  );
  // A live project of the name wins; an archived one is matched only when confirmed, and only
  // when no live project has the name (the window's review suggests the same).
  const live = named.filter((project) => project.archived !== true);
  const matches = live.length > 0 || choices.includeArchived !== true ? live : named;
  if (matches.length === 0 && named.length > 0)
    return {
      kind: 'skip',
      reason: words('reason.intake.projectArchived', { folder: folderName }),
    };
  const [only] = matches;
  if (matches.length === 1 && only !== undefined)
    return { kind: 'match', projectId: only.id, projectName: only.name ?? '' };
  return matches.length === 0
    ? { kind: 'skip', reason: words('reason.intake.noProjectNamed', { folder: folderName }) }
    : {
        kind: 'skip',
        reason: words('reason.intake.projectsNamed', {
          count: matches.length,
          folder: folderName,
        }),
      };
}
