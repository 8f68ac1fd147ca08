import { useState } from 'react';
import type { SessionView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { accessWords } from './access-words';
import { serviceHost } from './service-host';

/** Which service (by its host), the Sign in button, the waiting state and the sign-in core's messages. */
export function SessionPanel({ session }: { readonly session: SessionView | undefined }) {
  const bridge = useBridge();
  const [error, setError] = useState<string>();
  if (session === undefined) return <p className="muted">Loading…</p>;
  const signIn = () => {
    setError(undefined);
    call(bridge, 'session:sign-in', {}).catch((failure: Error) => setError(failure.message));
  };
  const signOut = () => {
    setError(undefined);
    call(bridge, 'session:sign-out', {}).catch((failure: Error) => setError(failure.message));
  };
  return (
    <section className="session" aria-label="Sign-in">
      <p>
        {session.state === 'signed-in' ? 'Signed in to ' : 'Photo Service: '}
        <strong>{serviceHost(session.service) ?? session.service ?? 'not set up'}</strong>
        {session.state === 'signed-in' && session.access ? (
          <span className="muted"> · {accessWords(session.access)}</span>
        ) : null}
      </p>
      {session.state === 'signing-in' ? (
        <p role="status">Waiting for you to finish signing in in your web browser…</p>
      ) : null}
      {session.message ? <p role="alert">{session.message}</p> : null}
      {error ? <p role="alert">{error}</p> : null}
      {session.state === 'signed-in' ? (
        <>
          {session.remembered ? null : (
            <p className="muted">
              No keychain is available: you will need to sign in again next time.
            </p>
          )}
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </>
      ) : (
        <button
          type="button"
          className="primary"
          onClick={signIn}
          disabled={session.service === undefined}
        >
          {session.state === 'signing-in' ? 'Open the browser again' : 'Sign in'}
        </button>
      )}
    </section>
  );
}
