import { type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { call, useBridge } from '../../bridge/hooks';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { useSetupSaved } from '../../i18n/use-setup-saved';
import { StepProblem } from './StepProblem';

/** The setup file's extension, as IT's files end. */
const SETUP_EXTENSION = '.photouploader';

const code = (chunks: ReactNode[]) => <code>{chunks}</code>;

/**
 * "Open the setup file…": main shows the open dialog and a confirmation of what the file sets,
 * then saves it. `onApplied` hears of a saved setup; a cancelled one changes nothing.
 */
export function SetupFileButton({ onApplied }: { readonly onApplied: (message: string) => void }) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const saidSetup = useSetupSaved();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [cancelled, setCancelled] = useState(false);
  const open = () => {
    setBusy(true);
    setProblem(undefined);
    setCancelled(false);
    call(bridge, 'setup:open', {})
      .then((result) => {
        if (result.applied) onApplied(saidSetup(result));
        // No file chosen, or what it sets not confirmed.
        else setCancelled(true);
      })
      .catch((error: unknown) => setProblem(sayError(error)))
      .finally(() => setBusy(false));
  };
  return (
    <section className="setup-file" aria-labelledby="setup-file-heading">
      <h3 id="setup-file-heading">{t('firstRun.setupFile.heading')}</h3>
      <p className="muted">
        <FormattedMessage
          id="firstRun.setupFile.hint"
          values={{ code, extension: SETUP_EXTENSION }}
        />
      </p>
      <button type="button" className="primary" onClick={open} disabled={busy}>
        {t('firstRun.setupFile.open')}
      </button>
      {cancelled ? <p role="status">{t('firstRun.setupFile.cancelled')}</p> : null}
      <StepProblem message={problem} fix={t('firstRun.setupFile.problemFix')} />
    </section>
  );
}
