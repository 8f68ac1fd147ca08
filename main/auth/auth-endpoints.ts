import { request, type Dispatcher } from 'undici';
import { z } from 'zod';
import type { Logger } from '../logging/logger';
import { readJson } from '../http/read-json';

/** Where the authorization server's endpoints are. */
export type AuthEndpoints = {
  readonly issuer: string;
  readonly authorization: string;
  readonly token: string;
  readonly revocation: string;
  /** Scopes the server lists, when it publishes metadata. */
  readonly scopesSupported: readonly string[] | undefined;
};

const metadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  revocation_endpoint: z.url().optional(),
  scopes_supported: z.array(z.string()).optional(),
});

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The endpoints the spec documents under `{auth_url}`, used when no metadata is published. */
export function documentedEndpoints(authUrl: string): AuthEndpoints {
  const base = withoutTrailingSlash(authUrl);
  return {
    issuer: base,
    authorization: `${base}/oauth/authorize`,
    token: `${base}/oauth/token`,
    revocation: `${base}/oauth/revoke`,
    scopesSupported: undefined,
  };
}

/**
 * Reads RFC 8414 metadata from `{auth_url}/.well-known/oauth-authorization-server`. Metadata
 * whose `issuer` is not `auth_url` is ignored (RFC 8414 §3.3), as is an unreachable or malformed
 * document: the documented endpoints are used then.
 */
export async function discoverEndpoints(
  authUrl: string,
  dispatcher: Dispatcher,
  logger: Logger,
  signal?: AbortSignal,
): Promise<AuthEndpoints> {
  const fallback = documentedEndpoints(authUrl);
  try {
    const response = await request(`${fallback.issuer}/.well-known/oauth-authorization-server`, {
      dispatcher,
      signal: signal ?? AbortSignal.timeout(15_000),
    });
    const body = await readJson(response.body);
    const parsed = metadataSchema.safeParse(body);
    if (response.statusCode !== 200 || !parsed.success) return fallback;
    if (withoutTrailingSlash(parsed.data.issuer) !== fallback.issuer) {
      logger.warn('ignoring authorization server metadata with another issuer');
      return fallback;
    }
    return {
      issuer: fallback.issuer,
      authorization: parsed.data.authorization_endpoint,
      token: parsed.data.token_endpoint,
      revocation: parsed.data.revocation_endpoint ?? fallback.revocation,
      scopesSupported: parsed.data.scopes_supported,
    };
  } catch {
    return fallback;
  }
}

/** Scopes the uploader needs, narrowest first (RFC 9700: ask for no more than needed). */
export const GRANULAR_SCOPE = 'projects:read photos:read photos:write';
export const COARSE_SCOPE = 'read write';

/** The narrow scopes when the server lists them all, else `read write`. */
export function defaultScope(endpoints: AuthEndpoints): string {
  const supported = endpoints.scopesSupported ?? [];
  return GRANULAR_SCOPE.split(' ').every((scope) => supported.includes(scope))
    ? GRANULAR_SCOPE
    : COARSE_SCOPE;
}
