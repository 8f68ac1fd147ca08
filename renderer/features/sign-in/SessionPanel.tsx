import { ChevronDown, LogIn, LogOut, UserRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SessionView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { PopoverPanel } from '../../components/ui/Popover';
import { useErrorWords } from '../../i18n/use-error-words';
import { useT, useWords } from '../../i18n/use-t';
import { accessGranted } from './access-words';
import { serviceHost } from './service-host';
import './session.css';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const plain = (chunks: ReactNode[]) => <>{chunks}</>;
const muted = (chunks: ReactNode[]) => <span className="muted">{chunks}</span>;

/**
 * The sign-in as a small account control: signed in, a button with the service's host that
 * opens a panel (the host, what the sign-in allows, where it is kept, Sign out); otherwise the
 * service's host and a Sign in button. Below it, the waiting state and the sign-in's messages.
 * The service gives no user name (SessionView has none), so none is shown.
 */
export function SessionPanel({ session }: { readonly session: SessionView | undefined }) {
  const bridge = useBridge();
  const t = useT();
  const errorWords = useErrorWords();
  const say = useWords();
  const [error, setError] = useState<string>();
  if (session === undefined) return <p className="muted">{t('signIn.loading')}</p>;
  const signIn = () => {
    setError(undefined);
    call(bridge, 'session:sign-in', {}).catch((failure: unknown) => setError(errorWords(failure)));
  };
  const signOut = () => {
    setError(undefined);
    call(bridge, 'session:sign-out', {}).catch((failure: unknown) => setError(errorWords(failure)));
  };
  const service = serviceHost(session.service) ?? session.service;
  return (
    <section className="session" aria-label={t('signIn.panel.label')}>
      <div className="session-control">
        {session.state === 'signed-in' && service !== undefined ? (
          <AccountButton session={session} service={service} onSignOut={signOut} />
        ) : (
          <>
            <span className="session-service">
              <FormattedMessage
                id={service === undefined ? 'signIn.panel.notSetUp' : 'signIn.panel.service'}
                values={{ strong, service }}
              />
            </span>
            <button
              type="button"
              className="primary session-sign-in"
              onClick={signIn}
              disabled={session.service === undefined}
            >
              <LogIn aria-hidden size={16} />
              {session.state === 'signing-in' ? t('signIn.openBrowserAgain') : t('signIn.signIn')}
            </button>
          </>
        )}
      </div>
      {session.state === 'signing-in' ? (
        <p className="session-message" role="status">
          {t('signIn.waiting')}
        </p>
      ) : null}
      {session.message ? (
        <p className="session-message" role="alert">
          {say(session.message)}
        </p>
      ) : null}
      {error ? (
        <p className="session-message" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The signed-in account: an avatar and the host on the button (its name says "Signed in to
 * <host>" in full), and a panel with what the sign-in allows, where it is kept, and Sign out.
 */
function AccountButton({
  session,
  service,
  onSignOut,
}: {
  readonly session: SessionView;
  readonly service: string;
  readonly onSignOut: () => void;
}) {
  const t = useT();
  const words = useWords();
  return (
    <PopoverPanel
      label={t('account.label')}
      triggerClassName="account-button"
      trigger={
        <>
          <span className="account-avatar" aria-hidden>
            <UserRound size={16} />
          </span>
          <span className="visually-hidden">
            <FormattedMessage id="signIn.panel.signedIn" values={{ strong: plain, service }} />
          </span>
          <span className="account-host" aria-hidden>
            {service}
          </span>
          <ChevronDown className="account-chevron" aria-hidden size={16} />
        </>
      }
    >
      {(close) => (
        <div className="account-panel">
          <p className="account-heading">
            <FormattedMessage
              id={session.access ? 'signIn.panel.signedInWithAccess' : 'signIn.panel.signedIn'}
              values={{
                strong,
                muted,
                service,
                access: session.access ? words(accessGranted(session.access)) : undefined,
              }}
            />
          </p>
          <p className="muted account-kept">
            {session.remembered && session.kept !== 'memory'
              ? t('account.kept', { kept: session.kept })
              : t('signIn.notRemembered')}
          </p>
          <button
            type="button"
            className="account-sign-out"
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            <LogOut aria-hidden size={16} />
            {t('signIn.signOut')}
          </button>
        </div>
      )}
    </PopoverPanel>
  );
}
