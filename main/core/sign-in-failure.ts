import { englishFor, words } from '../../shared/i18n/words';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import type { SessionView } from '../../shared/ipc/views';

/** What the window says when a call needs a sign-in the user never made (in English). */
export const NOT_SIGNED_IN_WORDS = englishFor(words('error.signIn.needed'));

/**
 * What the window says when the service ended a session the user had: the words the session
 * itself shows (and the queue's banner begins with), so the user reads one story, not "sign in
 * first" after having signed in. In English, as the command line says it.
 */
export const SESSION_ENDED_WORDS = englishFor(words('error.signIn.sessionEnded'));

/**
 * The `not-signed-in` failure a window call answers with when the service wants a sign-in: a
 * session the service ended (tokens revoked, refresh refused: state `needs-sign-in`) is told apart
 * from never having signed in. Mirrors the command line's `signInWords`.
 */
export function signInNeededFailure(state: SessionView['state']): IpcFailure {
  return new IpcFailure(
    'not-signed-in',
    words(state === 'needs-sign-in' ? 'error.signIn.sessionEnded' : 'error.signIn.needed'),
  );
}
