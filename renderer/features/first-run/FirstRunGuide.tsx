import { useEffect, useState } from 'react';
import type { SessionView, SettingsView } from '../../../shared/ipc/views';
import { useT, useWords } from '../../i18n/use-t';
import { ConnectStep } from './ConnectStep';
import { type FirstRunStep, nextStep } from './first-run-steps';
import { PhotoHostStep } from './PhotoHostStep';
import { ReadyStep } from './ReadyStep';
import { SignInStep } from './SignInStep';
import { StepIndicator } from './StepIndicator';
import './first-run.css';

/**
 * The first-run guide: the steps of `plan`, one at a time, each moving on to the next one not
 * done yet; `onDone` when the last is (or when the user leaves it for later).
 */
export function FirstRunGuide({
  plan,
  settings: initialSettings,
  session,
  onDone,
}: {
  readonly plan: readonly FirstRunStep[];
  readonly settings: SettingsView;
  readonly session: SessionView;
  readonly onDone: () => void;
}) {
  const t = useT();
  const said = useWords();
  const [settings, setSettings] = useState(initialSettings);
  const [current, setCurrent] = useState<FirstRunStep>(plan[0] ?? 'ready');
  const advance = (now: SettingsView) => {
    const next = nextStep(plan, current, now, session);
    if (next === undefined) onDone();
    else setCurrent(next);
  };
  // Signing in ends in the web browser: the session's change moves the guide on.
  const signedIn = session.state === 'signed-in';
  useEffect(() => {
    if (current !== 'sign-in' || !signedIn) return;
    const next = nextStep(plan, current, settings, session);
    if (next === undefined) onDone();
    else setCurrent(next);
  }, [current, signedIn, plan, settings, session, onDone]);
  return (
    <div className="app first-run">
      <main>
        <h1>{t('firstRun.title', { productName: t('app.productName') })}</h1>
        {plan.length > 1 ? <StepIndicator plan={plan} current={current} /> : null}
        {settings.policyProblem ? (
          <p className="step-problem" role="alert">
            {t('firstRun.policyProblem', { problem: said(settings.policyProblem) })}
          </p>
        ) : null}
        {current === 'connect' ? (
          <ConnectStep
            settings={settings}
            onDone={(saved) => {
              setSettings(saved);
              advance(saved);
            }}
          />
        ) : current === 'sign-in' ? (
          <SignInStep session={session} />
        ) : current === 'photos' ? (
          <PhotoHostStep
            settings={settings}
            onSaved={setSettings}
            onDone={() => advance(settings)}
          />
        ) : (
          <ReadyStep session={session} onDone={onDone} />
        )}
        <p className="later">
          <button type="button" onClick={onDone}>
            {t('firstRun.later')}
          </button>
        </p>
      </main>
    </div>
  );
}
