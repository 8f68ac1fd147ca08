import { useState } from 'react';
import { call, useBridge } from '../../bridge/hooks';

/** What the last attempt came to: what the setup set, or why it was refused. */
type Outcome = { readonly kind: 'said' | 'refused'; readonly text: string };

/**
 * "Open a setup file…": main shows the open dialog for the `.photouploader` file IT sent, what
 * it sets in a native confirmation, and applies it. What came of it is said next to the button.
 */
export function SetupFileButton({ onApplied }: { readonly onApplied: () => void }) {
  const bridge = useBridge();
  const [opening, setOpening] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const open = () => {
    setOpening(true);
    setOutcome(undefined);
    call(bridge, 'setup:open', {})
      .then((result) => {
        setOutcome({
          kind: 'said',
          text: result.applied ? result.message : 'No setup file was opened: nothing changed.',
        });
        if (result.applied) onApplied();
      })
      .catch((error: Error) => setOutcome({ kind: 'refused', text: error.message }))
      .finally(() => setOpening(false));
  };
  return (
    <div className="setup-file">
      <button type="button" onClick={open} disabled={opening} aria-describedby="setup-file-help">
        Open a setup file…
      </button>{' '}
      <span id="setup-file-help" className="muted">
        The .photouploader file your IT sent sets up the service and where photos go.
      </span>
      {outcome === undefined ? null : outcome.kind === 'said' ? (
        <p role="status">{outcome.text}</p>
      ) : (
        <p role="alert">{outcome.text}</p>
      )}
    </div>
  );
}
