import { useEffect, useRef, useState } from 'react';
import type { IntakeItemView, ProjectView } from '../../../shared/ipc/views';
import { FOLDER_LEFT_OUT } from '../../../shared/i18n/reason-words';
import type { Words } from '../../../shared/i18n/translator';
import { call, useBridge } from '../../bridge/hooks';
import { useErrorWords } from '../../i18n/use-error-words';

/** Where one subfolder of a dropped folder stands: its suggested, chosen or no project. */
export type SubfolderChoice =
  | { readonly kind: 'searching' }
  | { readonly kind: 'suggested'; readonly project: ProjectView }
  /** Why no project was suggested: a sentence that names the folder in `<b>` (rendered with it). */
  | { readonly kind: 'none'; readonly reason: Words }
  | { readonly kind: 'changing' }
  | { readonly kind: 'chosen'; readonly project: ProjectView }
  | { readonly kind: 'left-out' };

/** The subfolders of the dropped folders that hold photos, in the order first met. */
export function subfoldersOf(items: readonly IntakeItemView[]): string[] {
  const names = new Set<string>();
  for (const item of items) {
    const subfolder = item.folders[0];
    if (item.status === 'photo' && subfolder !== undefined) names.add(subfolder);
  }
  return [...names];
}

/**
 * The project a search suggests for `subfolder`: the one named like it (any case; a live one
 * before an archived one), else the first live match. An archived project is suggested only when
 * it is named exactly like the folder, and then marked so (the user must confirm it as archived).
 */
export function suggestion(subfolder: string, found: readonly ProjectView[]): SubfolderChoice {
  const wanted = subfolder.trim().toLocaleLowerCase('en');
  const named = found.filter((project) => project.name.trim().toLocaleLowerCase('en') === wanted);
  const project =
    named.find((entry) => entry.archived !== true) ??
    named[0] ??
    found.find((entry) => entry.archived !== true);
  return project === undefined
    ? { kind: 'none', reason: { key: 'intake.subfolders.noMatch', values: { folder: subfolder } } }
    : { kind: 'suggested', project };
}

/** One subfolder's entry in `queue:add-photos`: its project, or why it is left out. */
export type SubfolderEntry =
  { subfolder: string; projectId: string } | { subfolder: string; skipReason: Words };

/** What `queue:add-photos` is told: each decided subfolder's project, or that it is left out. */
export function subfolderProjectsInput(
  subfolders: readonly string[],
  choices: ReadonlyMap<string, SubfolderChoice>,
): SubfolderEntry[] {
  return subfolders.flatMap((subfolder): SubfolderEntry[] => {
    const choice = choices.get(subfolder);
    if (choice?.kind === 'chosen') return [{ subfolder, projectId: choice.project.id }];
    if (choice?.kind === 'left-out') return [{ subfolder, skipReason: FOLDER_LEFT_OUT }];
    return [];
  });
}

/** The subfolders still waiting for the user: confirm, change, or leave out. */
export function undecided(
  subfolders: readonly string[],
  choices: ReadonlyMap<string, SubfolderChoice>,
): string[] {
  return subfolders.filter((subfolder) => {
    const kind = choices.get(subfolder)?.kind;
    return kind !== 'chosen' && kind !== 'left-out';
  });
}

/**
 * A choice per subfolder, starting from a suggestion: each new subfolder's name is searched
 * among the service's projects once.
 */
export function useSubfolderChoices(subfolders: readonly string[]) {
  const bridge = useBridge();
  const sayError = useErrorWords();
  const [choices, setChoices] = useState<ReadonlyMap<string, SubfolderChoice>>(new Map());
  const asked = useRef(new Set<string>());
  const key = subfolders.join('\u0000');

  useEffect(() => {
    for (const subfolder of key === '' ? [] : key.split('\u0000')) {
      if (asked.current.has(subfolder)) continue;
      asked.current.add(subfolder);
      setChoices((current) => new Map(current).set(subfolder, { kind: 'searching' }));
      void call(bridge, 'projects:search', { query: subfolder })
        .then((found) => suggestion(subfolder, found))
        .catch((error: unknown): SubfolderChoice => ({
          kind: 'none',
          reason: {
            key: 'intake.subfolders.searchFailed',
            values: { folder: subfolder, problem: sayError(error) },
          },
        }))
        .then((choice) => setChoices((current) => new Map(current).set(subfolder, choice)));
    }
  }, [bridge, key, sayError]);

  const choose = (subfolder: string, choice: SubfolderChoice) =>
    setChoices((current) => new Map(current).set(subfolder, choice));
  const reset = () => {
    asked.current.clear();
    setChoices(new Map());
  };
  return { choices, choose, reset };
}
