import { useState } from 'react';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { stepTitles } from './first-run-steps';
import { ServiceDetailsForm } from './ServiceDetailsForm';
import { SetupFileButton } from './SetupFileButton';
import { StepHeading } from './StepHeading';
import { StepProblem } from './StepProblem';

/**
 * Step 1, Connect: the setup file IT sent, or the service's details typed in. Either way the
 * step ends with the settings as saved.
 */
export function ConnectStep({
  settings,
  onDone,
}: {
  readonly settings: SettingsView;
  readonly onDone: (saved: SettingsView) => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const [problem, setProblem] = useState<string>();
  // A setup file may set more than the service (the photo host too): read all of it back.
  const setupApplied = () => {
    call(bridge, 'settings:get', {})
      .then(onDone)
      .catch((error: unknown) => setProblem(sayError(error)));
  };
  return (
    <section className="first-run-step" aria-labelledby="step-connect">
      <StepHeading id="step-connect">{t(stepTitles.connect)}</StepHeading>
      <p>{t('firstRun.connect.intro', { productName: t('app.productName') })}</p>
      <StepProblem message={problem} fix={t('firstRun.connect.problemFix')} />
      <SetupFileButton onApplied={setupApplied} />
      <ServiceDetailsForm settings={settings} onSaved={onDone} />
    </section>
  );
}
