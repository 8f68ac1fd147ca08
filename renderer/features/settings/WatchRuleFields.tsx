import type { AfterUpload } from '../../../shared/domain/after-upload';
import { templateProblemWords } from '../../../shared/domain/description-template';
import { badIgnorePatternWords } from '../../../shared/domain/ignore-patterns';
import type { WatchRule } from '../../../shared/domain/watch-rule';
import type { Words } from '../../../shared/i18n/translator';
import type { ProjectView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';
import { ProjectPicker } from '../batch/ProjectPicker';
import { SPACE } from '../../i18n/inline-space';
import { ignoreLines, WatchRuleMoreFields } from './WatchRuleMoreFields';

/** A watched folder's rule as its form holds it (tags as the text the user types). */
export type RuleForm = {
  readonly perSubfolder: boolean;
  /** Picked with the project search, by name (issue 22): never an id typed by hand. */
  readonly project: ProjectView | undefined;
  readonly description: string;
  readonly tags: string;
  readonly tagsFromFolders: boolean;
  readonly internal: boolean;
  /** A saved preset's name, or '' for none. */
  readonly preset: string;
  /** A description template, or '' for none (then the description applies). */
  readonly descriptionTemplate: string;
  /** Ignore patterns, one a line as typed (blank lines are dropped). */
  readonly ignore: string;
  readonly afterUpload: AfterUpload;
};

/** The form of a folder not yet watched. */
export const emptyRuleForm: RuleForm = {
  perSubfolder: false,
  project: undefined,
  description: '',
  tags: '',
  tagsFromFolders: false,
  internal: false,
  preset: '',
  descriptionTemplate: '',
  ignore: '',
  afterUpload: { kind: 'leave' },
};

/**
 * The form of a watched folder's rule, to edit it; `unnamed` names a project the rule knows only
 * by its id.
 */
export function ruleFormOf(rule: WatchRule, unnamed: (id: string) => string): RuleForm {
  return {
    perSubfolder: rule.project.kind === 'per-subfolder',
    project:
      rule.project.kind === 'fixed'
        ? {
            id: rule.project.projectId,
            name: rule.project.projectName ?? unnamed(rule.project.projectId),
            address: '',
            photoCount: undefined,
          }
        : undefined,
    description: rule.description,
    tags: rule.tags.join(', '),
    tagsFromFolders: rule.tagsFromFolders,
    internal: rule.internal,
    preset: rule.preset ?? '',
    descriptionTemplate: rule.descriptionTemplate ?? '',
    ignore: (rule.ignore ?? []).join('\n'),
    afterUpload: rule.afterUpload ?? { kind: 'leave' },
  };
}

/** What is wrong with `form`, in words for the user, or undefined when it can be sent. */
export function ruleFormProblem(form: RuleForm): Words | undefined {
  if (!form.perSubfolder && form.project === undefined)
    return { key: 'settings.watch.rule.noProject' };
  // The core's own checks, so the words are those main would give.
  return (
    templateProblemWords(form.descriptionTemplate) ??
    badIgnorePatternWords(ignoreLines(form.ignore))
  );
}

/** The rule the window sends (never a path: the folder dialog in main gives that). */
export function ruleInput(form: RuleForm) {
  return {
    project:
      form.perSubfolder || form.project === undefined
        ? { kind: 'per-subfolder' as const }
        : {
            kind: 'fixed' as const,
            projectId: form.project.id,
            projectName: form.project.name,
          },
    description: form.description,
    tags: form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    tagsFromFolders: form.tagsFromFolders,
    internal: form.internal,
    // '' removes a saved template or preset; Leave, a saved action.
    descriptionTemplate: form.descriptionTemplate,
    ignore: ignoreLines(form.ignore),
    afterUpload: form.afterUpload,
    preset: form.preset,
  };
}

/**
 * The fields of a watched folder's rule: its project (picked by name with the project search, or
 * the project named like each subfolder), description, tags, tags from folder names, the
 * internal flag, and its preset, description template, ignore patterns and after-upload action.
 * Used to add a folder and to edit one already watched.
 */
export function WatchRuleFields({
  form,
  onChange,
}: {
  readonly form: RuleForm;
  readonly onChange: (form: RuleForm) => void;
}) {
  const t = useT();
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) =>
    onChange({ ...form, [key]: value });
  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={form.perSubfolder}
          onChange={(event) => set('perSubfolder', event.target.checked)}
        />
        {SPACE}
        {t('settings.watch.rule.perSubfolder')}
      </label>
      {form.perSubfolder ? null : (
        <ProjectPicker project={form.project} onChange={(project) => set('project', project)} />
      )}
      <label>
        {t('settings.watch.rule.description')}
        <input
          value={form.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </label>
      <label>
        {t('settings.watch.rule.tags')}
        <input value={form.tags} onChange={(event) => set('tags', event.target.value)} />
      </label>
      <label>
        <input
          type="checkbox"
          checked={form.tagsFromFolders}
          onChange={(event) => set('tagsFromFolders', event.target.checked)}
        />
        {SPACE}
        {t('settings.watch.rule.tagsFromFolders')}
      </label>
      <label>
        <input
          type="checkbox"
          checked={form.internal}
          onChange={(event) => set('internal', event.target.checked)}
        />
        {SPACE}
        {t('settings.watch.rule.internal')}
      </label>
      <WatchRuleMoreFields form={form} onChange={onChange} />
    </>
  );
}
