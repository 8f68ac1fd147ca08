import { useState } from 'react';
import type { SessionView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { serviceHost } from '../sign-in/service-host';
import { StepHeading } from './StepHeading';
import { StepProblem } from './StepProblem';

/**
 * Step 2, Sign in: starts the sign-in in the web browser and waits for the session to say
 * signed-in (the guide moves on by itself then).
 */
export function SignInStep({ session }: { readonly session: SessionView }) {
  const bridge = useBridge();
  const [problem, setProblem] = useState<string>();
  const signIn = () => {
    setProblem(undefined);
    call(bridge, 'session:sign-in', {}).catch((error: Error) => setProblem(error.message));
  };
  const waiting = session.state === 'signing-in';
  const host = serviceHost(session.service);
  return (
    <section className="first-run-step" aria-labelledby="step-sign-in">
      <StepHeading id="step-sign-in">Sign in</StepHeading>
      <p>
        Sign in to {host ? <strong>{host}</strong> : 'the Photo Service'} with your work account.
        Your web browser opens for it; come back here when it says you can close the tab.
      </p>
      {waiting ? (
        <p role="status">Waiting for you to finish signing in in your web browser…</p>
      ) : null}
      <StepProblem
        message={problem ?? session.message}
        fix="Sign in again. If it keeps failing, check with IT that the service details are right."
      />
      <button type="button" className="primary" onClick={signIn}>
        {waiting ? 'Open the browser again' : 'Sign in'}
      </button>
    </section>
  );
}
