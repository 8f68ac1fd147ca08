import { describe, expect, it } from 'vitest';
import {
  NOT_SIGNED_IN_WORDS,
  SESSION_ENDED_WORDS,
  signInNeededFailure,
} from '../../../../main/core/sign-in-failure';
import { SESSION_ENDED } from '../../../../main/auth/sign-in-messages';

describe('what a window call says when the service wants a sign-in', () => {
  it('says the session has ended when the service ended a session the user had', () => {
    const failure = signInNeededFailure('needs-sign-in');
    expect(failure.code).toBe('not-signed-in');
    expect(failure.message).toBe(SESSION_ENDED_WORDS);
    // The same story as the session's own message (and the queue's banner).
    expect(failure.words).toEqual(SESSION_ENDED);
    expect(failure.words).toEqual({ key: 'error.signIn.sessionEnded' });
    expect(failure.message).toContain(
      'Your session has ended. Sign in again; queued uploads are kept',
    );
  });

  it('asks for a first sign-in when the user never signed in or signed out', () => {
    for (const state of ['signed-out', 'signing-in', 'signed-in'] as const) {
      const failure = signInNeededFailure(state);
      expect(failure.code).toBe('not-signed-in');
      expect(failure.message).toBe(NOT_SIGNED_IN_WORDS);
      expect(failure.message).toBe('Please sign in to the Photo Service first.');
    }
  });
});
