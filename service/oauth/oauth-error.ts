/** The error codes of RFC 6749 §4.1.2.1 and §5.2 that this server answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'server_error'
  | 'temporarily_unavailable';

/** An OAuth error to be answered as `{error, error_description}` (RFC 6749 §5.2). */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';

  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
  }

  /** 401 for client authentication failures, 400 for everything else. */
  get status(): number {
    return this.code === 'invalid_client' ? 401 : 400;
  }
}
