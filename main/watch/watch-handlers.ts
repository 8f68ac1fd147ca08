import { normalizeTags } from '../../shared/domain/tags';
import type { WatchFolderView, WatchRule } from '../../shared/domain/watch-rule';
import {
  checkDescriptionTemplate,
  checkIgnorePatterns,
  cleanDescription,
} from '../core/handler-input-checks';
import { presetNamed } from '../core/preset-input';
import type { Preset } from '../../shared/domain/presets';
import { isSameOrInside } from '../../shared/domain/after-upload';
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
  /**
   * Refuses paths the window was not handed by the operating system (`FrontEnd.checkPaths`): a
   * rule's move folder must come from the folder dialog (`queue:choose-move-folder`).
   */
  readonly checkPaths: (paths: readonly string[]) => Promise<void>;
  /** The presets in effect: a rule may only name one of them. */
  readonly presets: () => readonly Preset[];
};

type RuleInput = IpcInput<'watch:add'>;

/**
 * The rule of `path` from what the window sent (`saved`: the rule it changes): clean
 * description, normalized tags, the description template as written (its HTML is cleaned once
 * rendered for each photo), and the ignore patterns and template the window did not send kept.
 * So are the after-upload action and the preset the window does not send (Leave, or '' for
 * the preset, removes them).
 */
function ruleFrom(path: string, input: RuleInput, saved?: WatchRule): WatchRule {
  const ignore = input.ignore ?? saved?.ignore;
  // The window's form may not send a template: the saved one stays; '' removes it.
  const descriptionTemplate = input.descriptionTemplate ?? saved?.descriptionTemplate;
  // Leave is no action of the rule's own: a preset's, if any, applies.
  const afterUpload =
    input.afterUpload === undefined
      ? saved?.afterUpload
      : input.afterUpload.kind === 'leave'
        ? undefined
        : input.afterUpload;
  const preset = input.preset ?? saved?.preset;
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
    ...(preset === undefined || preset === '' ? {} : { preset }),
  };
}

/**
 * @throws IpcFailure `bad-input` when `input` moves photos into the watched folder `path`
 * itself (or a folder in it): each would be taken in again. Checked once the path is known.
 */
function checkMoveOutside(path: string, input: RuleInput): void {
  if (input.afterUpload?.kind === 'move' && isSameOrInside(input.afterUpload.folder, path))
    throw new IpcFailure('bad-input', words('error.addPhotos.afterUploadInside'));
}

/**
 * The move folder of `input` that the rule did not already have (`saved`): it moves the user's
 * files, so it must be one the window got from the folder dialog. One saved before (a setup
 * file's, the command line's) is kept through an edit without being granted again.
 */
function newMoveFolder(input: RuleInput, saved: WatchRule | undefined): string[] {
  const folder = input.afterUpload?.kind === 'move' ? input.afterUpload.folder : undefined;
  const before = saved?.afterUpload?.kind === 'move' ? saved.afterUpload.folder : undefined;
  return folder === undefined || folder === before ? [] : [folder];
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
   * The rule checked: its description template's tokens, its ignore patterns, its preset (one
   * in effect), its move folder (the window's own, from the dialog), then its project (refused
   * with the reason, else named as the service names it).
   */
  const checked = async (input: RuleInput, saved?: WatchRule): Promise<RuleInput> => {
    checkDescriptionTemplate(input.descriptionTemplate);
    checkIgnorePatterns(input.ignore ?? []);
    if (input.preset !== undefined && input.preset !== '')
      presetNamed(deps.presets(), input.preset);
    await deps.checkPaths(newMoveFolder(input, saved));
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
      checkMoveOutside(path, input);
      return { added: true, folders: await save([...rules(), ruleFrom(path, input)]) };
    },
    'watch:update': async (given) => {
      const index = indexOf(given.path);
      const input = { ...(await checked(given, rules()[index])), path: given.path };
      checkMoveOutside(given.path, input);
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
