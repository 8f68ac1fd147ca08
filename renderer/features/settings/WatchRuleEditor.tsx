import { useState } from 'react';
import type { WatchFolderView, WatchRule } from '../../../shared/domain/watch-rule';
import type { Words } from '../../../shared/i18n/translator';
import { call, useBridge } from '../../bridge/hooks';
import { useT, useWords } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { SPACE } from '../../i18n/inline-space';
import { ruleFormOf, ruleFormProblem, ruleInput, WatchRuleFields } from './WatchRuleFields';

/**
 * Edits the rule of one watched folder: Save sends it with `watch:update` (main accepts only a
 * folder already watched), Cancel discards the draft. The group and its buttons name the folder,
 * so each of several open editors is told apart by a screen reader.
 */
export function WatchRuleEditor({
  rule,
  onSaved,
  onCancel,
}: {
  readonly rule: WatchRule;
  /** Called with the folders as main holds them after the change. */
  readonly onSaved: (folders: readonly WatchFolderView[]) => void;
  readonly onCancel: () => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const words = useWords();
  const [form, setForm] = useState(() =>
    ruleFormOf(rule, (id) => t('settings.watch.rule.unnamedProject', { id })),
  );
  // The form's own check (words of the catalog), or main's refusal (its own words).
  const [problem, setProblem] = useState<Words | string>();
  const [saving, setSaving] = useState(false);
  const save = () => {
    const wrong = ruleFormProblem(form);
    setProblem(wrong);
    if (wrong !== undefined) return;
    setSaving(true);
    call(bridge, 'watch:update', { path: rule.path, ...ruleInput(form) })
      .then(onSaved)
      .catch((error: unknown) => {
        setProblem(sayError(error));
        setSaving(false);
      });
  };
  return (
    <div
      className="watch-rule-editor"
      role="group"
      aria-label={t('settings.watch.editor.label', { path: rule.path })}
    >
      <WatchRuleFields form={form} onChange={setForm} />
      <button
        type="button"
        className="primary"
        disabled={saving}
        aria-label={t('settings.watch.editor.saveLabel', { path: rule.path })}
        onClick={save}
      >
        {t('settings.watch.editor.save')}
      </button>
      {SPACE}
      <button
        type="button"
        aria-label={t('settings.watch.editor.cancelLabel', { path: rule.path })}
        onClick={onCancel}
      >
        {t('settings.watch.editor.cancel')}
      </button>
      {problem ? (
        <p role="alert">{typeof problem === 'string' ? problem : words(problem)}</p>
      ) : null}
    </div>
  );
}
