import { useEffect, useId, useState } from 'react';
import { TEMPLATE_TOKENS, templateProblemWords } from '../../../shared/domain/description-template';
import { badIgnorePatternWords } from '../../../shared/domain/ignore-patterns';
import { entryNamed, type Preset, type WithManaged } from '../../../shared/domain/presets';
import { call, useBridge } from '../../bridge/hooks';
import { useT, useWords } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { AfterUploadChoice } from '../intake/AfterUploadChoice';
import type { RuleForm } from './WatchRuleFields';

/** The form's ignore patterns: one a line, blank lines dropped (a pattern kept as typed). */
export function ignoreLines(text: string): string[] {
  return text.split(/\r?\n/u).filter((line) => line.trim() !== '');
}

/** The tokens a template may use, as the hint under the field lists them. */
const TOKENS = TEMPLATE_TOKENS.map((token) => `{${token}}`).join(' ');

/**
 * Issue 26's fields of a watched folder's rule: its preset (the settings' presets, the
 * organisation's marked), a description template (its tokens named under it, an unknown one
 * said as typed), ignore patterns (one a line, a refused one said with the core's words) and
 * what becomes of the files after upload (a move folder only from main's folder dialog, which
 * grants it: `queue:choose-move-folder`).
 */
export function WatchRuleMoreFields({
  form,
  onChange,
}: {
  readonly form: RuleForm;
  readonly onChange: (form: RuleForm) => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const words = useWords();
  const sayError = useErrorWords();
  const id = useId();
  const [presets, setPresets] = useState<readonly WithManaged<Preset>[]>([]);
  const [dialogProblem, setDialogProblem] = useState<string>();
  useEffect(() => {
    // No settings (a failing call): no presets offered; a saved name is still shown.
    call(bridge, 'settings:get', {})
      .then((settings) => setPresets(settings.presets))
      .catch(() => setPresets([]));
  }, [bridge]);
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) =>
    onChange({ ...form, [key]: value });
  const chooseMoveFolder = () => {
    setDialogProblem(undefined);
    // Main shows the folder dialog and grants what is chosen: the window never names a folder.
    call(bridge, 'queue:choose-move-folder', {})
      .then(({ folder }) => {
        if (folder !== null) onChange({ ...form, afterUpload: { kind: 'move', folder } });
      })
      .catch((error: unknown) => setDialogProblem(sayError(error)));
  };
  const templateProblem = templateProblemWords(form.descriptionTemplate);
  const ignoreProblem = badIgnorePatternWords(ignoreLines(form.ignore));
  // A rule's preset deleted since is still shown, so that it can be seen and changed.
  const gone = form.preset !== '' && entryNamed(presets, form.preset) === undefined;
  return (
    <>
      <label htmlFor={`${id}-preset`}>{t('intake.preset.label')}</label>
      <select
        id={`${id}-preset`}
        value={form.preset}
        aria-describedby={`${id}-preset-help`}
        onChange={(event) => set('preset', event.target.value)}
      >
        <option value="">{t('intake.preset.none')}</option>
        {presets.map((preset) => (
          <option key={preset.name} value={preset.name}>
            {preset.managed ? t('intake.preset.office', { name: preset.name }) : preset.name}
          </option>
        ))}
        {gone ? (
          <option value={form.preset}>
            {t('settings.watch.rule.presetGone', { name: form.preset })}
          </option>
        ) : null}
      </select>
      <p className="muted" id={`${id}-preset-help`}>
        {t('settings.watch.rule.presetHelp')}
      </p>
      <label htmlFor={`${id}-template`}>{t('settings.watch.rule.template')}</label>
      <input
        id={`${id}-template`}
        value={form.descriptionTemplate}
        aria-invalid={templateProblem !== undefined}
        aria-describedby={`${id}-template-help${templateProblem ? ` ${id}-template-problem` : ''}`}
        onChange={(event) => set('descriptionTemplate', event.target.value)}
      />
      <p className="muted" id={`${id}-template-help`}>
        {t('settings.watch.rule.templateTokens', { tokens: TOKENS })}
      </p>
      {templateProblem ? (
        <p className="field-problem" id={`${id}-template-problem`}>
          {words(templateProblem)}
        </p>
      ) : null}
      <label htmlFor={`${id}-ignore`}>{t('settings.watch.rule.ignore')}</label>
      <textarea
        id={`${id}-ignore`}
        rows={3}
        value={form.ignore}
        spellCheck={false}
        aria-invalid={ignoreProblem !== undefined}
        aria-describedby={`${id}-ignore-help${ignoreProblem ? ` ${id}-ignore-problem` : ''}`}
        onChange={(event) => set('ignore', event.target.value)}
      />
      <p className="muted" id={`${id}-ignore-help`}>
        {t('settings.watch.rule.ignoreHelp')}
      </p>
      {ignoreProblem ? (
        <p className="field-problem" id={`${id}-ignore-problem`}>
          {words(ignoreProblem)}
        </p>
      ) : null}
      <AfterUploadChoice
        name={`${id}-after-upload`}
        value={form.afterUpload}
        onChange={(afterUpload) => set('afterUpload', afterUpload)}
        onChooseFolder={chooseMoveFolder}
      />
      {dialogProblem ? <p role="alert">{dialogProblem}</p> : null}
    </>
  );
}
