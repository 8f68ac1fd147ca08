import { type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SessionView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useT, useWords } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { accessGranted } from './access-words';
import { serviceHost } from './service-host';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const muted = (chunks: ReactNode[]) => <span className="muted">{chunks}</span>;

/** Which service (by its host), the Sign in button, the waiting state and the sign-in core's messages. */
export function SessionPanel({ session }: { readonly session: SessionView | undefined }) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const words = useWords();
  const [error, setError] = useState<string>();
  if (session === undefined) return <p className="muted">{t('signIn.loading')}</p>;
  const signIn = () => {
    setError(undefined);
    call(bridge, 'session:sign-in', {}).catch((failure: unknown) => setError(sayError(failure)));
  };
  const signOut = () => {
    setError(undefined);
    call(bridge, 'session:sign-out', {}).catch((failure: unknown) => setError(sayError(failure)));
  };
  const service = serviceHost(session.service) ?? session.service;
  return (
    <section className="session" aria-label={t('signIn.panel.label')}>
      <p>
        <FormattedMessage
          id={
            service === undefined
              ? 'signIn.panel.notSetUp'
              : session.state !== 'signed-in'
                ? 'signIn.panel.service'
                : session.access
                  ? 'signIn.panel.signedInWithAccess'
                  : 'signIn.panel.signedIn'
          }
          values={{
            strong,
            muted,
            service,
            access: session.access ? words(accessGranted(session.access)) : undefined,
          }}
        />
      </p>
      {session.state === 'signing-in' ? <p role="status">{t('signIn.waiting')}</p> : null}
      {session.message ? <p role="alert">{session.message}</p> : null}
      {error ? <p role="alert">{error}</p> : null}
      {session.state === 'signed-in' ? (
        <>
          {session.remembered ? null : <p className="muted">{t('signIn.notRemembered')}</p>}
          <button type="button" onClick={signOut}>
            {t('signIn.signOut')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="primary"
          onClick={signIn}
          disabled={session.service === undefined}
        >
          {session.state === 'signing-in' ? t('signIn.openBrowserAgain') : t('signIn.signIn')}
        </button>
      )}
    </section>
  );
}
