import { normalizeTags } from '../../shared/domain/tags';
import type { WatchFolderView, WatchRule } from '../../shared/domain/watch-rule';
import { checkDescriptionTemplate, cleanDescription } from '../core/handler-input-checks';
import type { IpcInput } from '../../shared/ipc/contract';
import { words } from '../../shared/i18n/words';
import { type IpcHandlers, IpcFailure } from '../../shared/ipc/dispatcher';
import type { PathChooser } from '../core/app-core-options';
import { projectRefusal } from '../core/project-check';
import type { ProjectCheckView } from '../../shared/ipc/views';
import type { SettingsStore } from '../settings/settings-store';
import type { CoreWatchers } from './core-watchers';

/** What the watch handlers need of the core. */
export type WatchHandlerDeps = {
  readonly settings: Pick<SettingsStore, 'get' | 'update'>;
  readonly watchers: Pick<CoreWatchers, 'use' | 'views'>;
  readonly chooser: PathChooser;
  /**
   * Checks a fixed project once, when a rule is added or changed (issue 22: a wrong id would
   * fail every photo that lands, one by one). The user picked it by name, so an archived one is
   * theirs to choose; an unknown one, or one this account may not use, is refused.
   */
  readonly checkProject?: (projectId: string) => Promise<ProjectCheckView>;
};

type RuleInput = IpcInput<'watch:add'>;

/**
 * The rule of `path` from what the window sent (`saved`: the rule it changes): clean
 * description, normalized tags, the description template as written (its HTML is cleaned once
 * rendered for each photo), and the ignore patterns and template the window did not send kept.
 */
function ruleFrom(path: string, input: RuleInput, saved?: WatchRule): WatchRule {
  const ignore = input.ignore ?? saved?.ignore;
  // The window's form may not send a template: the saved one stays; '' removes it.
  const descriptionTemplate = input.descriptionTemplate ?? saved?.descriptionTemplate;
  // The window cannot choose an after-upload action yet: a saved one (setup file, command
  // line) is kept, never dropped by an edit in Settings.
  const afterUpload = saved?.afterUpload;
  const description = cleanDescription(input.description);
  return {
    path,
    project: input.project,
    description,
    ...(descriptionTemplate === undefined || descriptionTemplate === ''
      ? {}
      : { descriptionTemplate }),
    tags: normalizeTags(input.tags),
    tagsFromFolders: input.tagsFromFolders,
    internal: input.internal,
    ...(input.includeArchived === true ? { includeArchived: true } : {}),
    ...(ignore !== undefined && ignore.length > 0 ? { ignore } : {}),
    ...(afterUpload === undefined ? {} : { afterUpload }),
  };
}

/**
 * `watch:*`: the watched folders in Settings. A folder is added only through the open dialog
 * (the window never names a new path); changing or removing names a folder already watched, and
 * any other path is refused.
 */
export function watchHandlers(
  deps: WatchHandlerDeps,
): Pick<IpcHandlers, 'watch:list' | 'watch:add' | 'watch:update' | 'watch:remove'> {
  const rules = () => deps.settings.get().watchFolders ?? [];
  const save = async (next: WatchRule[]): Promise<readonly WatchFolderView[]> => {
    deps.settings.update({ watchFolders: next });
    await deps.watchers.use(next);
    return deps.watchers.views();
  };
  /**
   * The rule checked: its description template's tokens, then its project (refused with the
   * reason, else named as the service names it).
   */
  const checked = async (input: RuleInput): Promise<RuleInput> => {
    checkDescriptionTemplate(input.descriptionTemplate);
    if (input.project.kind !== 'fixed' || deps.checkProject === undefined) return input;
    const check = await deps.checkProject(input.project.projectId);
    if (check.kind === 'refused')
      throw new IpcFailure('bad-input', projectRefusal(check, input.project.projectId));
    // Not checked now (offline): kept as picked; the queue checks each photo before upload.
    return check.kind === 'ok' && check.name !== undefined
      ? { ...input, project: { ...input.project, projectName: check.name } }
      : input;
  };
  const indexOf = (path: string): number => {
    const index = rules().findIndex((rule) => rule.path === path);
    if (index < 0) throw new IpcFailure('bad-input', words('error.watch.notWatched'));
    return index;
  };
  return {
    'watch:list': () => Promise.resolve(deps.watchers.views()),
    'watch:add': async (given) => {
      const input = await checked(given);
      const [path] = await deps.chooser.choose('folder');
      if (path === undefined) return { added: false, folders: deps.watchers.views() };
      if (rules().some((rule) => rule.path === path))
        throw new IpcFailure('bad-input', words('error.watch.alreadyWatched'));
      return { added: true, folders: await save([...rules(), ruleFrom(path, input)]) };
    },
    'watch:update': async (given) => {
      const index = indexOf(given.path);
      const input = { ...(await checked(given)), path: given.path };
      return await save(
        rules().map((rule, at) => (at === index ? ruleFrom(rule.path, input, rule) : rule)),
      );
    },
    'watch:remove': async (input) => {
      const index = indexOf(input.path);
      return await save(rules().filter((_, at) => at !== index));
    },
  };
}
