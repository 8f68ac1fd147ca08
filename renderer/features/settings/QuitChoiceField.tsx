import { useState } from 'react';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';

/** The remembered answer in words. */
const REMEMBERED: Record<Exclude<SettingsView['quitWithPending'], 'ask'>, string> = {
  quit: 'quit anyway (the uploads go on the next time Photo Uploader runs)',
  'keep-uploading': 'keep uploading in the background (the app is not asked to quit)',
};

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
  const [problem, setProblem] = useState<string>();
  const managed = useManaged('quitWithPending');
  const reset = () => {
    setProblem(undefined);
    call(bridge, 'settings:set', { quitWithPending: 'ask' })
      .then(onSaved)
      .catch((error: Error) => setProblem(error.message));
  };
  return (
    <fieldset aria-describedby={managed.describedBy()}>
      <legend>Quitting with uploads pending</legend>
      <ManagedNote field="quitWithPending" />
      {remembered === 'ask' ? (
        <p className="muted">You are asked each time you quit with uploads pending.</p>
      ) : (
        <p>
          Remembered: {REMEMBERED[remembered]}.{' '}
          <button type="button" onClick={reset} disabled={managed.managed}>
            Ask me again when I quit
          </button>
        </p>
      )}
      {problem ? <p role="alert">{problem}</p> : null}
    </fieldset>
  );
}
