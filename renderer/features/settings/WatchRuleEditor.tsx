import { useState } from 'react';
import type { WatchFolderView, WatchRule } from '../../../shared/domain/watch-rule';
import { call, useBridge } from '../../bridge/hooks';
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
  const [form, setForm] = useState(() => ruleFormOf(rule));
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const save = () => {
    const wrong = ruleFormProblem(form);
    setProblem(wrong);
    if (wrong !== undefined) return;
    setSaving(true);
    call(bridge, 'watch:update', { path: rule.path, ...ruleInput(form) })
      .then(onSaved)
      .catch((error: Error) => {
        setProblem(error.message);
        setSaving(false);
      });
  };
  return (
    <div className="watch-rule-editor" role="group" aria-label={`Rule of ${rule.path}`}>
      <WatchRuleFields form={form} onChange={setForm} />
      <button
        type="button"
        className="primary"
        disabled={saving}
        aria-label={`Save the rule of ${rule.path}`}
        onClick={save}
      >
        Save
      </button>{' '}
      <button type="button" aria-label={`Cancel editing ${rule.path}`} onClick={onCancel}>
        Cancel
      </button>
      {problem ? <p role="alert">{problem}</p> : null}
    </div>
  );
}
