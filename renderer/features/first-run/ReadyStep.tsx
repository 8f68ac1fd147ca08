import type { SessionView } from '../../../shared/ipc/views';
import { serviceHost } from '../sign-in/service-host';
import { StepHeading } from './StepHeading';

/** Step 4, Ready: says what is set up and lands on Add photos. */
export function ReadyStep({
  session,
  onDone,
}: {
  readonly session: SessionView;
  readonly onDone: () => void;
}) {
  const host = serviceHost(session.service);
  return (
    <section className="first-run-step" aria-labelledby="step-ready">
      <StepHeading id="step-ready">Ready</StepHeading>
      <p>
        Photo Uploader is set up
        {host ? (
          <>
            {' '}
            and signed in to <strong>{host}</strong>
          </>
        ) : null}
        . Add photos by choosing a folder or dropping them on the window; you can change any of this
        later in Settings.
      </p>
      <button type="button" className="primary" onClick={onDone}>
        Add photos
      </button>
    </section>
  );
}
