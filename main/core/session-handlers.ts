import type { IpcHandlers } from '../../shared/ipc/dispatcher';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import { words } from '../../shared/i18n/words';
import type { SessionView } from '../../shared/ipc/views';
import type { CorePort } from './core-port';

/** What the session handlers need of the core. */
export type SessionHandlerDeps = {
  readonly core: Pick<CorePort, 'connection' | 'sessionView'>;
};

/** A sign-in waits at most this long for the browser to open before the call answers. */
const SIGN_IN_ANSWER_MS = 15_000;

/** The handlers of `session:get`, `session:sign-in` and `session:sign-out`. */
export function sessionHandlers(
  deps: SessionHandlerDeps,
): Pick<IpcHandlers, 'session:get' | 'session:sign-in' | 'session:sign-out'> {
  const { core } = deps;
  return {
    'session:get': () => Promise.resolve(core.sessionView()),

    'session:sign-in': async () => {
      const session = core.connection?.session;
      if (session === undefined) throw new IpcFailure('failed', words('error.signIn.notSetUp'));
      // The call answers once the browser is open (the window shows the waiting state); the
      // outcome arrives as a `session:changed` event.
      const answered = new Promise<SessionView>((resolve) => {
        const stop = session.onChange((snapshot) => {
          if (snapshot.state === 'signing-in') {
            stop();
            resolve(core.sessionView());
          }
        });
        setTimeout(() => {
          stop();
          resolve(core.sessionView());
        }, SIGN_IN_ANSWER_MS).unref();
      });
      const outcome = session.signIn().then(() => core.sessionView());
      return Promise.race([answered, outcome]);
    },

    'session:sign-out': async () => {
      await core.connection?.session.signOut();
      return core.sessionView();
    },
  };
}
