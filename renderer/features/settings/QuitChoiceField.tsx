import { useState } from 'react';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { SPACE } from '../../i18n/inline-space';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';

/**
 * The Settings form's "Quitting with uploads pending" (issue 22): the answer remembered with
 * "Remember my choice" in the quit dialog, and a way back to being asked. Saved at once (the
 * reset is the only change the window may make: the choice itself is made in main's dialog).
 */
export function QuitChoiceField({
  remembered,
  onSaved,
}: {
  readonly remembered: SettingsView['quitWithPending'];
  readonly onSaved: (settings: SettingsView) => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const [problem, setProblem] = useState<string>();
  const managed = useManaged('quitWithPending');
  const reset = () => {
    setProblem(undefined);
    call(bridge, 'settings:set', { quitWithPending: 'ask' })
      .then(onSaved)
      .catch((error: unknown) => setProblem(sayError(error)));
  };
  return (
    <fieldset aria-describedby={managed.describedBy()}>
      <legend>{t('settings.uploading.quit.legend')}</legend>
      <ManagedNote field="quitWithPending" />
      {remembered === 'ask' ? (
        <p className="muted">{t('settings.uploading.quit.ask')}</p>
      ) : (
        <p>
          {t('settings.uploading.quit.remembered', { choice: remembered })}
          {SPACE}
          <button type="button" onClick={reset} disabled={managed.managed}>
            {t('settings.uploading.quit.reset')}
          </button>
        </p>
      )}
      {problem ? <p role="alert">{problem}</p> : null}
    </fieldset>
  );
}
