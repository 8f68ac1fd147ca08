import {
  foldersBetween,
  type NamedProject,
  projectForFolderName,
  subfolderOf,
} from '../folders/folder-rules';
import { normalizeTags } from '../../shared/domain/tags';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import type { WatchRule } from '../../shared/domain/watch-rule';

/** Where a watched photo goes, or why it is left where it is. */
export type Placement =
  | { readonly kind: 'queue'; readonly projectId: string; readonly tags: readonly string[] }
  | { readonly kind: 'skip'; readonly reason: Words };

/**
 * Places one file of a watched folder by its rule: the fixed project, or the project named like
 * the file's subfolder (never a guess: no match or several skip with the reason); the rule's tags
 * plus, when asked, the names of the folders between the watched folder and the file.
 * `projects` are the service's projects found by each subfolder's name (only per-subfolder rules
 * need them).
 */
export function placeWatchedFile(
  rule: WatchRule,
  file: string,
  projects: readonly NamedProject[],
): Placement {
  const tags = normalizeTags(
    rule.tags,
    rule.tagsFromFolders ? foldersBetween(rule.path, file) : [],
  );
  if (rule.project.kind === 'fixed')
    return { kind: 'queue', projectId: rule.project.projectId, tags };
  const subfolder = subfolderOf(rule.path, file);
  if (subfolder === undefined)
    return { kind: 'skip', reason: words('reason.watch.notInSubfolder') };
  const found = projectForFolderName(subfolder, projects, {
    includeArchived: rule.includeArchived,
  });
  return found.kind === 'match'
    ? { kind: 'queue', projectId: found.projectId, tags }
    : { kind: 'skip', reason: found.reason };
}
