import { useState } from 'react';
import { call, useBridge, useSession } from '../../bridge/hooks';
import { accessWords } from '../sign-in/access-words';
import { serviceHost } from '../sign-in/service-host';

/** Settings › Account: whether this computer is signed in to the service, with Sign in or Sign out. */
export function AccountSession() {
  const bridge = useBridge();
  const session = useSession();
  const [error, setError] = useState<string>();
  if (session === undefined) return <p className="muted">Loading the sign-in…</p>;
  const host = serviceHost(session.service) ?? session.service;
  const run = (channel: 'session:sign-in' | 'session:sign-out') => {
    setError(undefined);
    call(bridge, channel, {}).catch((failure: Error) => setError(failure.message));
  };
  const state =
    host === undefined
      ? 'No Photo Service is set up yet: give its addresses below, or open the setup file your IT sent.'
      : session.state === 'signed-in'
        ? `Signed in${session.access ? ` (this sign-in ${accessWords(session.access)})` : ''}${session.remembered ? '' : ', for this run only: no keychain is available'}.`
        : session.state === 'signing-in'
          ? 'Waiting for you to finish signing in in your web browser…'
          : 'Not signed in.';
  return (
    <section className="account-session" aria-labelledby="account-session-heading">
      <h4 id="account-session-heading">Photo Service{host === undefined ? '' : `: ${host}`}</h4>
      <p>{state}</p>
      {error ? <p role="alert">{error}</p> : null}
      {host === undefined ? null : session.state === 'signed-in' ? (
        <button type="button" onClick={() => run('session:sign-out')}>
          Sign out of {host}
        </button>
      ) : (
        <button type="button" onClick={() => run('session:sign-in')}>
          {session.state === 'signing-in' ? 'Open the browser again' : `Sign in to ${host}`}
        </button>
      )}
    </section>
  );
}
