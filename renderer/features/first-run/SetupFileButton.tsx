import { useState } from 'react';
import { call, useBridge } from '../../bridge/hooks';
import { StepProblem } from './StepProblem';

/**
 * "Open the setup file…": main shows the open dialog and a confirmation of what the file sets,
 * then saves it. `onApplied` hears of a saved setup; a cancelled one changes nothing.
 */
export function SetupFileButton({ onApplied }: { readonly onApplied: (message: string) => void }) {
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [cancelled, setCancelled] = useState(false);
  const open = () => {
    setBusy(true);
    setProblem(undefined);
    setCancelled(false);
    call(bridge, 'setup:open', {})
      .then((result) => {
        if (result.applied) onApplied(result.message);
        // No file chosen, or what it sets not confirmed.
        else setCancelled(true);
      })
      .catch((error: Error) => setProblem(error.message))
      .finally(() => setBusy(false));
  };
  return (
    <section className="setup-file" aria-labelledby="setup-file-heading">
      <h3 id="setup-file-heading">If IT sent you a setup file</h3>
      <p className="muted">
        It ends in <code>.photouploader</code>, often in an email or on a shared drive. You will see
        what it sets before anything is saved.
      </p>
      <button type="button" className="primary" onClick={open} disabled={busy}>
        Open the setup file…
      </button>
      {cancelled ? <p role="status">No setup file was opened, so nothing was saved.</p> : null}
      <StepProblem
        message={problem}
        fix="Ask IT for a corrected setup file, or enter the service details below."
      />
    </section>
  );
}
