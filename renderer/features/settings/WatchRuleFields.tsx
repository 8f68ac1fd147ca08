import type { WatchRule } from '../../../shared/domain/watch-rule';

/** A watched folder's rule as its form holds it (tags as the text the user types). */
export type RuleForm = {
  readonly perSubfolder: boolean;
  readonly projectId: string;
  readonly description: string;
  readonly tags: string;
  readonly tagsFromFolders: boolean;
  readonly internal: boolean;
};

/** The form of a folder not yet watched. */
export const emptyRuleForm: RuleForm = {
  perSubfolder: false,
  projectId: '',
  description: '',
  tags: '',
  tagsFromFolders: false,
  internal: false,
};

/** The form of a watched folder's rule, to edit it. */
export function ruleFormOf(rule: WatchRule): RuleForm {
  return {
    perSubfolder: rule.project.kind === 'per-subfolder',
    projectId: rule.project.kind === 'fixed' ? rule.project.projectId : '',
    description: rule.description,
    tags: rule.tags.join(', '),
    tagsFromFolders: rule.tagsFromFolders,
    internal: rule.internal,
  };
}

/** What is wrong with `form` in words for the user, or undefined when it can be sent. */
export function ruleFormProblem(form: RuleForm): string | undefined {
  return !form.perSubfolder && form.projectId.trim() === ''
    ? 'Enter the project id, or choose “the project named like each subfolder”.'
    : undefined;
}

/** The rule the window sends (never a path: the folder dialog in main gives that). */
export function ruleInput(form: RuleForm) {
  return {
    project: form.perSubfolder
      ? { kind: 'per-subfolder' as const }
      : { kind: 'fixed' as const, projectId: form.projectId.trim() },
    description: form.description,
    tags: form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    tagsFromFolders: form.tagsFromFolders,
    internal: form.internal,
  };
}

/**
 * The fields of a watched folder's rule: its project (a fixed id, or the project named like each
 * subfolder), description, tags, tags from folder names and the internal flag. Used to add a
 * folder and to edit one already watched.
 */
export function WatchRuleFields({
  form,
  onChange,
}: {
  readonly form: RuleForm;
  readonly onChange: (form: RuleForm) => void;
}) {
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) =>
    onChange({ ...form, [key]: value });
  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={form.perSubfolder}
          onChange={(event) => set('perSubfolder', event.target.checked)}
        />{' '}
        The project named like each subfolder
      </label>
      {form.perSubfolder ? null : (
        <label>
          Project id for the watched folder
          <input
            value={form.projectId}
            onChange={(event) => set('projectId', event.target.value)}
          />
        </label>
      )}
      <label>
        Description for its photos
        <input
          value={form.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </label>
      <label>
        Tags (comma-separated)
        <input value={form.tags} onChange={(event) => set('tags', event.target.value)} />
      </label>
      <label>
        <input
          type="checkbox"
          checked={form.tagsFromFolders}
          onChange={(event) => set('tagsFromFolders', event.target.checked)}
        />{' '}
        Add the subfolder names as tags
      </label>
      <label>
        <input
          type="checkbox"
          checked={form.internal}
          onChange={(event) => set('internal', event.target.checked)}
        />{' '}
        Internal photos
      </label>
    </>
  );
}
