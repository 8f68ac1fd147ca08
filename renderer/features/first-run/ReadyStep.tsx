import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SessionView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';
import { serviceHost } from '../sign-in/service-host';
import { stepTitles } from './first-run-steps';
import { StepHeading } from './StepHeading';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** Step 4, Ready: says what is set up and lands on Add photos. */
export function ReadyStep({
  session,
  onDone,
}: {
  readonly session: SessionView;
  readonly onDone: () => void;
}) {
  const t = useT();
  const host = serviceHost(session.service);
  return (
    <section className="first-run-step" aria-labelledby="step-ready">
      <StepHeading id="step-ready">{t(stepTitles.ready)}</StepHeading>
      <p>
        <FormattedMessage
          id={host ? 'firstRun.ready.summarySignedIn' : 'firstRun.ready.summary'}
          values={{ strong, host, productName: t('app.productName') }}
        />
      </p>
      <button type="button" className="primary" onClick={onDone}>
        {t('firstRun.ready.addPhotos')}
      </button>
    </section>
  );
}
