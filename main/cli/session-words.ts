import type { SessionView } from '../../shared/ipc/views';

/** How the command line tells a user to sign in. */
export const LOGIN_COMMAND = '`npm run cli -- login`';

/**
 * What the command line says when the service cannot be used for want of a sign-in: a session
 * the service ended (tokens revoked or expired) is told apart from never having signed in, and
 * both say how to sign in. Never "cannot be reached": the service answered.
 */
export function signInWords(state: SessionView['state'], then: string): string {
  return state === 'needs-sign-in'
    ? `your sign-in to the Photo Service has ended; sign in again with ${LOGIN_COMMAND}, then ${then}.`
    : `not signed in; sign in with ${LOGIN_COMMAND} first, then ${then}.`;
}
