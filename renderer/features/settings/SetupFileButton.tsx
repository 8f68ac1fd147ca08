import { useState } from 'react';
import { call, useBridge } from '../../bridge/hooks';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { useSetupSaved } from '../../i18n/use-setup-saved';
import { SPACE } from '../../i18n/inline-space';

/** What the last attempt came to: what the setup set, or why it was refused. */
type Outcome = { readonly kind: 'said' | 'refused'; readonly text: string };

/**
 * "Open a setup file…": main shows the open dialog for the `.photouploader` file IT sent, what
 * it sets in a native confirmation, and applies it. What came of it is said next to the button.
 */
export function SetupFileButton({ onApplied }: { readonly onApplied: () => void }) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const saidSetup = useSetupSaved();
  const [opening, setOpening] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const open = () => {
    setOpening(true);
    setOutcome(undefined);
    call(bridge, 'setup:open', {})
      .then((result) => {
        setOutcome({
          kind: 'said',
          text: result.applied ? saidSetup(result) : t('settings.setupFile.notOpened'),
        });
        if (result.applied) onApplied();
      })
      .catch((error: unknown) => setOutcome({ kind: 'refused', text: sayError(error) }))
      .finally(() => setOpening(false));
  };
  return (
    <div className="setup-file">
      <button type="button" onClick={open} disabled={opening} aria-describedby="setup-file-help">
        {t('settings.setupFile.open')}
      </button>
      {SPACE}
      <span id="setup-file-help" className="muted">
        {t('settings.setupFile.help')}
      </span>
      {outcome === undefined ? null : outcome.kind === 'said' ? (
        <p role="status">{outcome.text}</p>
      ) : (
        <p role="alert">{outcome.text}</p>
      )}
    </div>
  );
}
