/** The user must sign in (again) before this can go on. Queued work waits; nothing is lost. */
export class AuthRequiredError extends Error {
  override readonly name = 'AuthRequiredError';
  readonly code = 'auth-required';
}

/** An OAuth error answer from the token or revocation endpoint (RFC 6749 §5.2). */
export class OAuthResponseError extends Error {
  override readonly name = 'OAuthResponseError';

  constructor(
    /** The `error` field, e.g. `invalid_grant`; `server_error` when the body had none. */
    readonly code: string,
    /** The HTTP status. */
    readonly status: number,
    /** The server's `error_description`, if it sent one (never contains credentials). */
    readonly description: string | undefined,
  ) {
    super(
      `The authorization server answered ${status} ${code}${description ? `: ${description}` : ''}`,
    );
  }

  /** Errors that a retry cannot fix: the grant or the client registration is wrong. */
  get isPermanent(): boolean {
    return ['invalid_grant', 'invalid_client', 'unauthorized_client', 'invalid_scope'].includes(
      this.code,
    );
  }
}

/** The token endpoint answered 2xx with something that is not a usable token response. */
export class TokenResponseError extends Error {
  override readonly name = 'TokenResponseError';
  readonly code = 'bad-token-response';
}
