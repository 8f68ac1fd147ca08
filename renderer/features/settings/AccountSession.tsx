import { useState } from 'react';
import type { MessageValues } from '../../../shared/i18n/translator';
import { call, useBridge, useSession } from '../../bridge/hooks';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { serviceHost } from '../sign-in/service-host';

/**
 * What the granted scope lets this sign-in do, as the arguments of `settings.account.session.signedIn`
 * (the same reading as the sign-in panel's `accessGranted`): upload and edit, only read, or the
 * scope as the service wrote it.
 */
function accessValues(scope: string | undefined): MessageValues {
  if (scope === undefined) return { access: 'none', scope: '' };
  const granted = new Set(scope.split(/\s+/));
  const write = granted.has('write') || granted.has('photos:write');
  const read = granted.has('read') || granted.has('photos:read') || granted.has('projects:read');
  return { access: write ? 'write' : read ? 'read' : 'scope', scope };
}

/** Settings › Account: whether this computer is signed in to the service, with Sign in or Sign out. */
export function AccountSession() {
  const bridge = useBridge();
  const session = useSession();
  const t = useT();
  const sayError = useErrorWords();
  const [error, setError] = useState<string>();
  if (session === undefined)
    return <p className="muted">{t('settings.account.session.loading')}</p>;
  const host = serviceHost(session.service) ?? session.service;
  const run = (channel: 'session:sign-in' | 'session:sign-out') => {
    setError(undefined);
    call(bridge, channel, {}).catch((failure: unknown) => setError(sayError(failure)));
  };
  const state =
    host === undefined
      ? t('settings.account.session.noService')
      : session.state === 'signed-in'
        ? t('settings.account.session.signedIn', {
            ...accessValues(session.access || undefined),
            remembered: session.remembered ? 'yes' : 'no',
          })
        : session.state === 'signing-in'
          ? t('settings.account.session.signingIn')
          : t('settings.account.session.signedOut');
  return (
    <section className="account-session" aria-labelledby="account-session-heading">
      <h4 id="account-session-heading">
        {host === undefined
          ? t('settings.account.session.heading')
          : t('settings.account.session.headingWithHost', { host })}
      </h4>
      <p>{state}</p>
      {error ? <p role="alert">{error}</p> : null}
      {host === undefined ? null : session.state === 'signed-in' ? (
        <button type="button" onClick={() => run('session:sign-out')}>
          {t('settings.account.session.signOut', { host })}
        </button>
      ) : (
        <button type="button" onClick={() => run('session:sign-in')}>
          {session.state === 'signing-in'
            ? t('settings.account.session.openBrowserAgain')
            : t('settings.account.session.signIn', { host })}
        </button>
      )}
    </section>
  );
}
