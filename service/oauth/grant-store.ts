import { randomUUID } from 'node:crypto';
import type { ServiceClock } from '../clock';
import type { RotationPolicy } from '../options';
import { opaqueToken } from '../random';
import type { OAuthClient } from './clients';
import { OAuthError } from './oauth-error';
import { verifierMatches } from './pkce';
import type { Scope } from './scopes';

/** Authorization codes live 600 s (service facts). */
export const CODE_TTL_MS = 600_000;

/** A token response body (RFC 6749 §5.1 plus the real service's `created_at`). */
export type TokenResponse = {
  readonly access_token: string;
  readonly token_type: 'bearer';
  readonly expires_in: number;
  readonly refresh_token: string;
  readonly scope: string;
  readonly created_at: number;
};

/** Outcome of presenting an access token to the API. */
export type AccessCheck =
  | { readonly ok: true; readonly grantId: string; readonly scope: readonly Scope[] }
  | { readonly ok: false; readonly description: string };

type Grant = { readonly id: string; readonly clientId: string; revoked: boolean };

type AuthorizationCode = {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scope: readonly Scope[];
  readonly codeChallenge: string | undefined;
  readonly expiresAtMs: number;
  used: boolean;
  grantId: string | undefined;
};

type AccessToken = {
  readonly grantId: string;
  readonly scope: readonly Scope[];
  readonly expiresAtMs: number;
  /** The refresh token that produced this one; it dies when this token is first used. */
  readonly parentRefreshToken: string | undefined;
  used: boolean;
};

type RefreshToken = {
  readonly grantId: string;
  readonly scope: readonly Scope[];
  /** `superseded`: rotated under on-first-use, still accepted until a successor is used. */
  status: 'live' | 'superseded' | 'dead';
};

type Options = { readonly rotation: RotationPolicy; readonly accessTokenTtlSeconds: number };

/**
 * Codes, grants and tokens of the OAuth server, with the real service's rules: single-use codes
 * that expire, rotating refresh tokens (`immediate` or `on-first-use`), reuse detection that
 * revokes the whole grant (RFC 9700 §4.14.2), and revocation (RFC 7009).
 */
export class GrantStore {
  readonly #grants = new Map<string, Grant>();
  readonly #codes = new Map<string, AuthorizationCode>();
  readonly #accessTokens = new Map<string, AccessToken>();
  readonly #refreshTokens = new Map<string, RefreshToken>();

  constructor(
    private readonly clock: ServiceClock,
    private readonly options: Options,
  ) {}

  /** Issues a single-use authorization code for an approved request. */
  issueCode(request: {
    clientId: string;
    redirectUri: string;
    scope: readonly Scope[];
    codeChallenge: string | undefined;
  }): string {
    const code = opaqueToken();
    this.#codes.set(code, {
      ...request,
      expiresAtMs: this.clock.nowMs() + CODE_TTL_MS,
      used: false,
      grantId: undefined,
    });
    return code;
  }

  /**
   * Exchanges a code (grant_type=authorization_code).
   * @throws OAuthError `invalid_grant` for an unknown, used, expired or mismatched code, or a
   * failed PKCE check. A reused code also revokes everything it issued.
   */
  exchangeCode(
    client: OAuthClient,
    params: { code: string; redirectUri: string | undefined; codeVerifier: string | undefined },
  ): TokenResponse {
    const code = this.#codes.get(params.code);
    if (code === undefined || code.clientId !== client.id) {
      throw new OAuthError('invalid_grant', 'The authorization code is invalid');
    }
    if (code.used) {
      if (code.grantId !== undefined) this.#revokeGrant(code.grantId);
      throw new OAuthError('invalid_grant', 'The authorization code was already used');
    }
    if (this.clock.nowMs() >= code.expiresAtMs) {
      this.#codes.delete(params.code);
      throw new OAuthError('invalid_grant', 'The authorization code expired');
    }
    if (params.redirectUri !== code.redirectUri) {
      throw new OAuthError(
        'invalid_grant',
        'redirect_uri does not match the one used for authorization',
      );
    }
    if (code.codeChallenge === undefined) {
      if (params.codeVerifier !== undefined) {
        throw new OAuthError('invalid_grant', 'code_verifier sent but no code_challenge was');
      }
    } else if (
      params.codeVerifier === undefined ||
      !verifierMatches(params.codeVerifier, code.codeChallenge)
    ) {
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
    }
    code.used = true;
    const grant: Grant = { id: randomUUID(), clientId: client.id, revoked: false };
    this.#grants.set(grant.id, grant);
    code.grantId = grant.id;
    return this.#issue(grant, code.scope, undefined);
  }

  /**
   * Rotates a refresh token (grant_type=refresh_token).
   * @throws OAuthError `invalid_grant` for an unknown, dead or revoked token (a dead one also
   * revokes its grant); `invalid_scope` when asking for more than was granted.
   */
  refresh(
    client: OAuthClient,
    params: { refreshToken: string; scope: readonly Scope[] | undefined },
  ): TokenResponse {
    const token = this.#refreshTokens.get(params.refreshToken);
    const grant = token && this.#grants.get(token.grantId);
    if (token === undefined || grant === undefined || grant.clientId !== client.id) {
      throw new OAuthError('invalid_grant', 'The refresh token is invalid');
    }
    if (grant.revoked) throw new OAuthError('invalid_grant', 'The refresh token was revoked');
    if (token.status === 'dead') {
      this.#revokeGrant(grant.id);
      throw new OAuthError('invalid_grant', 'The refresh token was already used');
    }
    const scope = params.scope ?? token.scope;
    if (scope.some((value) => !token.scope.includes(value))) {
      throw new OAuthError('invalid_scope', 'A refresh may not widen the scope');
    }
    if (this.options.rotation === 'immediate') token.status = 'dead';
    else token.status = 'superseded';
    return this.#issue(grant, scope, params.refreshToken);
  }

  /**
   * Checks a bearer token for an API call. The first use of an access token kills the refresh
   * token it replaced (on-first-use rotation).
   */
  authenticate(accessToken: string): AccessCheck {
    const token = this.#accessTokens.get(accessToken);
    const grant = token && this.#grants.get(token.grantId);
    if (token === undefined || grant === undefined) {
      return { ok: false, description: 'The access token is invalid' };
    }
    if (grant.revoked) return { ok: false, description: 'The access token was revoked' };
    if (this.clock.nowMs() >= token.expiresAtMs) {
      return { ok: false, description: 'The access token expired' };
    }
    if (!token.used) {
      token.used = true;
      const parent = token.parentRefreshToken && this.#refreshTokens.get(token.parentRefreshToken);
      if (parent) parent.status = 'dead';
    }
    return { ok: true, grantId: grant.id, scope: token.scope };
  }

  /**
   * Revokes the grant behind an access or refresh token of `client` (RFC 7009). Unknown tokens
   * and tokens of other clients are ignored, as the RFC allows.
   */
  revoke(client: OAuthClient, token: string): void {
    const grantId =
      this.#accessTokens.get(token)?.grantId ?? this.#refreshTokens.get(token)?.grantId;
    const grant = grantId === undefined ? undefined : this.#grants.get(grantId);
    if (grant && grant.clientId === client.id) this.#revokeGrant(grant.id);
  }

  /** Forgets every code, grant and token (admin reset with `tokens: true`). */
  clear(): void {
    this.#grants.clear();
    this.#codes.clear();
    this.#accessTokens.clear();
    this.#refreshTokens.clear();
  }

  #revokeGrant(grantId: string): void {
    const grant = this.#grants.get(grantId);
    if (grant) grant.revoked = true;
  }

  #issue(
    grant: Grant,
    scope: readonly Scope[],
    parentRefreshToken: string | undefined,
  ): TokenResponse {
    const accessToken = opaqueToken();
    const refreshToken = opaqueToken();
    const ttl = this.options.accessTokenTtlSeconds;
    this.#accessTokens.set(accessToken, {
      grantId: grant.id,
      scope,
      expiresAtMs: this.clock.nowMs() + ttl * 1000,
      parentRefreshToken,
      used: false,
    });
    this.#refreshTokens.set(refreshToken, { grantId: grant.id, scope, status: 'live' });
    const response: TokenResponse = {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ttl,
      refresh_token: refreshToken,
      scope: scope.join(' '),
      created_at: this.clock.nowSeconds(),
    };
    return response;
  }
}
