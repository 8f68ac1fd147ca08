import { request, type Dispatcher } from 'undici';
import type { Clock } from '../../shared/domain/clock';
import { toNetworkError } from '../http/network-error';
import { readJson } from '../http/read-json';
import type { Redactor } from '../logging/redactor';
import { OAuthResponseError } from './auth-errors';
import type { AuthEndpoints } from './auth-endpoints';
import { parseTokenResponse, type TokenSet } from './token-set';

/** The app's registration: a confidential client has a secret, a public one only PKCE. */
export type ClientCredentials = {
  readonly clientId: string;
  readonly clientSecret: string | undefined;
};

/**
 * The token and revocation endpoints, over undici. A registration with a secret authenticates
 * with `client_secret_post`; one without is a public client (`client_id` only, PKCE). Every
 * token and secret that passes through is registered with the redactor before anything could
 * log it.
 */
export class TokenClient {
  constructor(
    private readonly endpoints: AuthEndpoints,
    private readonly client: ClientCredentials,
    private readonly dispatcher: Dispatcher,
    private readonly clock: Clock,
    private readonly redactor: Redactor,
  ) {
    redactor.add(client.clientSecret);
  }

  /** grant_type=authorization_code. @throws OAuthResponseError, NetworkError, TokenResponseError */
  async exchangeCode(
    params: { code: string; redirectUri: string; codeVerifier: string; scope: string },
    signal?: AbortSignal,
  ): Promise<TokenSet> {
    this.redactor.add(params.code);
    this.redactor.add(params.codeVerifier);
    const body = await this.#post(
      this.endpoints.token,
      {
        grant_type: 'authorization_code',
        code: params.code,
        redirect_uri: params.redirectUri,
        code_verifier: params.codeVerifier,
      },
      signal,
    );
    return this.#tokens(body, params.scope, undefined);
  }

  /** grant_type=refresh_token. @throws OAuthResponseError, NetworkError, TokenResponseError */
  async refresh(current: TokenSet, signal?: AbortSignal): Promise<TokenSet> {
    const body = await this.#post(
      this.endpoints.token,
      { grant_type: 'refresh_token', refresh_token: current.refreshToken },
      signal,
    );
    return this.#tokens(body, current.scope, current.refreshToken);
  }

  /** RFC 7009 revocation. @throws OAuthResponseError, NetworkError */
  async revoke(
    token: string,
    hint: 'access_token' | 'refresh_token',
    signal?: AbortSignal,
  ): Promise<void> {
    await this.#post(this.endpoints.revocation, { token, token_type_hint: hint }, signal);
  }

  #tokens(body: unknown, scope: string, previousRefreshToken: string | undefined): TokenSet {
    const tokens = parseTokenResponse(body, {
      receivedAt: this.clock.now(),
      requestedScope: scope,
      ...(previousRefreshToken === undefined ? {} : { previousRefreshToken }),
    });
    this.redactor.add(tokens.accessToken);
    this.redactor.add(tokens.refreshToken);
    return tokens;
  }

  async #post(
    endpoint: string,
    fields: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const form = new URLSearchParams({ ...fields, client_id: this.client.clientId });
    if (this.client.clientSecret !== undefined) form.set('client_secret', this.client.clientSecret);
    const requestSignal = signal ?? AbortSignal.timeout(30_000);
    let response: Dispatcher.ResponseData;
    try {
      response = await request(endpoint, {
        method: 'POST',
        dispatcher: this.dispatcher,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: requestSignal,
      });
    } catch (error) {
      throw toNetworkError(error, endpoint, signal);
    }
    let body: unknown;
    try {
      body = await readJson(response.body);
    } catch (error) {
      throw toNetworkError(error, endpoint, signal);
    }
    if (response.statusCode >= 200 && response.statusCode < 300) return body;
    throw oauthError(response.statusCode, body);
  }
}

function oauthError(status: number, body: unknown): OAuthResponseError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code =
    typeof record.error === 'string'
      ? record.error
      : status >= 500
        ? 'server_error'
        : 'invalid_request';
  const description =
    typeof record.error_description === 'string'
      ? record.error_description.slice(0, 300)
      : undefined;
  return new OAuthResponseError(code, status, description);
}
