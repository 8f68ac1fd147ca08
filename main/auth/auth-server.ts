import type { Dispatcher } from 'undici';
import type { Clock } from '../../shared/domain/clock';
import type { Logger } from '../logging/logger';
import type { Redactor } from '../logging/redactor';
import { type AuthEndpoints, discoverEndpoints } from './auth-endpoints';
import type { AuthConfig } from './session-types';
import { TokenClient } from './token-client';

/** What `AuthServer` needs: the registration and the means to reach the server. */
export type AuthServerDeps = {
  readonly config: AuthConfig;
  readonly dispatcher: Dispatcher;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redactor: Redactor;
};

/**
 * The session's authorization server: its endpoints, discovered once, and a token client for
 * them. A discovery that failed (an insecure address, a server out of reach) is not kept, so the
 * next sign-in or refresh asks again instead of failing the same way for the rest of the run.
 */
export class AuthServer {
  #endpoints: Promise<AuthEndpoints> | undefined;
  #tokenClient: Promise<TokenClient> | undefined;

  constructor(private readonly deps: AuthServerDeps) {}

  /**
   * The server's endpoints (RFC 8414 metadata, else the documented ones).
   * @throws InsecureAddressError for a plain-http address on another computer; NetworkError when
   * the server could not be reached.
   */
  endpoints(): Promise<AuthEndpoints> {
    this.#endpoints ??= this.#forgetIfFailed(
      discoverEndpoints(this.deps.config.authUrl, this.deps.dispatcher, this.deps.logger),
      () => (this.#endpoints = undefined),
    );
    return this.#endpoints;
  }

  /** The token and revocation endpoints' client. @throws what `endpoints` throws. */
  tokenClient(): Promise<TokenClient> {
    this.#tokenClient ??= this.#forgetIfFailed(
      this.endpoints().then(
        (endpoints) =>
          new TokenClient(
            endpoints,
            { clientId: this.deps.config.clientId, clientSecret: this.deps.config.clientSecret },
            this.deps.dispatcher,
            this.deps.clock,
            this.deps.redactor,
          ),
      ),
      () => (this.#tokenClient = undefined),
    );
    return this.#tokenClient;
  }

  /** Returns `pending`, calling `forget` if it rejects (callers still see the rejection). */
  #forgetIfFailed<T>(pending: Promise<T>, forget: () => void): Promise<T> {
    pending.catch(forget);
    return pending;
  }
}
