import { request, type Dispatcher } from 'undici';
import { z } from 'zod';
import {
  InsecureAddressError,
  insecureAddressWords,
  requireSecureAddress,
} from '../../shared/domain/secure-address';
import type { Words } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';
import { toNetworkError } from '../http/network-error';
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
  /**
   * The server's metadata promises `iss` in every authorization response (RFC 9207
   * `authorization_response_iss_parameter_supported`), so an answer without it is refused.
   */
  readonly issuerInResponses: boolean;
};

const metadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  revocation_endpoint: z.url().optional(),
  scopes_supported: z.array(z.string()).optional(),
  authorization_response_iss_parameter_supported: z.boolean().optional(),
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
    issuerInResponses: false,
  };
}

/** An endpoint the server's metadata lists that would send tokens or codes in the clear. */
export class InsecureEndpointError extends InsecureAddressError {
  constructor(
    /** Which endpoint and why, in words for any language (`message` is their English). */
    readonly words: Words,
  ) {
    super(englishFor(words));
  }
}

/**
 * Checks an endpoint the server's metadata lists: tokens and codes go there, so it must be
 * https (plain http only on this computer).
 * @throws InsecureEndpointError naming the endpoint's address.
 */
function secureEndpoint(
  address: string,
  endpoint: 'authorization' | 'token' | 'revocation',
): string {
  const reason = insecureAddressWords(address);
  if (reason === undefined) return address;
  // The address is named only when plain http is the problem (it is then short and parsed).
  const said =
    reason.key === 'error.address.notSecure'
      ? words('error.signIn.endpointNotSecure', {
          which: endpoint,
          shown: reason.values?.shown ?? '',
        })
      : words('error.signIn.endpointRefused', { which: endpoint });
  throw new InsecureEndpointError(said);
}

/**
 * Reads RFC 8414 metadata from `{auth_url}/.well-known/oauth-authorization-server`. Metadata
 * whose `issuer` is not `auth_url` is ignored (RFC 8414 §3.3), as is a missing or malformed
 * document: the documented endpoints are used then.
 * @throws InsecureAddressError, naming the address, when `auth_url` or an endpoint the metadata
 * lists (authorization, token, revocation) is plain http to another computer; NetworkError when
 * the server gave no answer at all (no connection, a timeout), since signing in there cannot
 * work either.
 */
export async function discoverEndpoints(
  authUrl: string,
  dispatcher: Dispatcher,
  logger: Logger,
  signal?: AbortSignal,
): Promise<AuthEndpoints> {
  // Checked before anything is sent: even the metadata request must not go out in the clear.
  requireSecureAddress(authUrl);
  const fallback = documentedEndpoints(authUrl);
  const metadataUrl = `${fallback.issuer}/.well-known/oauth-authorization-server`;
  let response: Dispatcher.ResponseData;
  try {
    response = await request(metadataUrl, {
      dispatcher,
      signal: signal ?? AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw toNetworkError(error, metadataUrl, signal);
  }
  try {
    const body = await readJson(response.body);
    const parsed = metadataSchema.safeParse(body);
    if (response.statusCode !== 200 || !parsed.success) return fallback;
    if (withoutTrailingSlash(parsed.data.issuer) !== fallback.issuer) {
      logger.warn('ignoring authorization server metadata with another issuer');
      return fallback;
    }
    return {
      issuer: fallback.issuer,
      authorization: secureEndpoint(parsed.data.authorization_endpoint, 'authorization'),
      token: secureEndpoint(parsed.data.token_endpoint, 'token'),
      revocation: secureEndpoint(
        parsed.data.revocation_endpoint ?? fallback.revocation,
        'revocation',
      ),
      scopesSupported: parsed.data.scopes_supported,
      issuerInResponses: parsed.data.authorization_response_iss_parameter_supported === true,
    };
  } catch (error) {
    if (error instanceof InsecureAddressError) throw error;
    return fallback;
  }
}

/**
 * RFC 9207: why an authorization response's `iss` parameter makes it unacceptable, or
 * `undefined` when it is fine. A present `iss` must be the configured issuer (else the answer
 * came from another server: a mix-up attack); a missing one is refused when the server's
 * metadata promises to send it, since an attacker's answer would lack it.
 */
export function issuerProblem(
  responseIssuer: string | undefined,
  endpoints: Pick<AuthEndpoints, 'issuer' | 'issuerInResponses'>,
): Words | undefined {
  if (responseIssuer === undefined)
    return endpoints.issuerInResponses ? words('error.signIn.issuerMissing') : undefined;
  return withoutTrailingSlash(responseIssuer) === endpoints.issuer
    ? undefined
    : words('error.signIn.issuerMismatch');
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
