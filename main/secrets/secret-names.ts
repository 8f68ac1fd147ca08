/**
 * Keychain entry names for one configured service and client. Both the authorization server
 * and the client id are part of every name, so two configured services never share an entry.
 */
export function secretNames(authUrl: string, clientId: string) {
  const owner = `${new URL(authUrl).origin}${new URL(authUrl).pathname.replace(/\/$/, '')} ${clientId}`;
  return {
    /** The token set (access token, refresh token, expiry, scope) as JSON. */
    tokens: `oauth-tokens ${owner}`,
    /** The client secret of a confidential registration. */
    clientSecret: `oauth-client-secret ${owner}`,
  } as const;
}
