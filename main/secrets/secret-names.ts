/**
 * Keychain entry names for one configured service and client. The authorization server and the
 * client id are part of every name, so two configured services never share an entry; the token
 * entry also names the API origin the tokens are sent to, so that tokens issued for one API are
 * never presented to another (a changed API address means signing in again).
 */
export function secretNames(authUrl: string, clientId: string, apiBaseUrl?: string) {
  const owner = `${new URL(authUrl).origin}${new URL(authUrl).pathname.replace(/\/$/, '')} ${clientId}`;
  const api = apiBaseUrl === undefined ? 'no-api' : new URL(apiBaseUrl).origin;
  return {
    /** The token set (access token, refresh token, expiry, scope) as JSON. */
    tokens: `${TOKENS_PREFIX}${owner} ${api}`,
    /** The client secret of a confidential registration (it belongs to the client, not the API). */
    clientSecret: `oauth-client-secret ${owner}`,
  } as const;
}

const TOKENS_PREFIX = 'oauth-tokens ';

/** Whether `name` is the entry of a sign-in's tokens (not a client secret or photo-host keys). */
export function isSignInTokens(name: string): boolean {
  return name.startsWith(TOKENS_PREFIX);
}
