import type { Logger } from '../logging/logger';
import type { AuthServer } from './auth-server';
import type { TokenSet } from './token-set';

const REVOKE_TIMEOUT_MS = 10_000;

/**
 * Revokes each token of `sets` once (RFC 7009, best effort: the server may be out of reach, and
 * then the tokens stay valid on the server until they expire). Never throws.
 */
export async function revokeTokens(
  server: AuthServer,
  sets: readonly TokenSet[],
  logger: Logger,
): Promise<void> {
  if (sets.length === 0) return;
  const seen = new Set<string>();
  let client;
  try {
    client = await server.tokenClient();
  } catch (error) {
    logger.warn('could not reach the server to revoke tokens', { error });
    return;
  }
  for (const tokens of sets)
    for (const [token, hint] of [
      [tokens.refreshToken, 'refresh_token'],
      [tokens.accessToken, 'access_token'],
    ] as const) {
      if (seen.has(token)) continue;
      seen.add(token);
      try {
        await client.revoke(token, hint, AbortSignal.timeout(REVOKE_TIMEOUT_MS));
      } catch (error) {
        logger.warn(
          'token revocation failed; the token stays valid on the server until it expires',
          { hint, error },
        );
      }
    }
}
