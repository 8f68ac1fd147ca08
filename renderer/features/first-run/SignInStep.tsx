import { type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SessionView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useT, useWords } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { serviceHost } from '../sign-in/service-host';
import { stepTitles } from './first-run-steps';
import { StepHeading } from './StepHeading';
import { StepProblem } from './StepProblem';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * Step 2, Sign in: starts the sign-in in the web browser and waits for the session to say
 * signed-in (the guide moves on by itself then).
 */
export function SignInStep({ session }: { readonly session: SessionView }) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const say = useWords();
  const [problem, setProblem] = useState<string>();
  const signIn = () => {
    setProblem(undefined);
    call(bridge, 'session:sign-in', {}).catch((error: unknown) => setProblem(sayError(error)));
  };
  const waiting = session.state === 'signing-in';
  const host = serviceHost(session.service);
  return (
    <section className="first-run-step" aria-labelledby="step-sign-in">
      <StepHeading id="step-sign-in">{t(stepTitles['sign-in'])}</StepHeading>
      <p>
        {host ? (
          <FormattedMessage id="firstRun.signIn.intro" values={{ strong, host }} />
        ) : (
          t('firstRun.signIn.introNoHost')
        )}
      </p>
      {waiting ? <p role="status">{t('signIn.waiting')}</p> : null}
      <StepProblem
        message={problem ?? (session.message === undefined ? undefined : say(session.message))}
        fix={t('firstRun.signIn.problemFix')}
      />
      <button type="button" className="primary" onClick={signIn}>
        {waiting ? t('signIn.openBrowserAgain') : t('signIn.signIn')}
      </button>
    </section>
  );
}
