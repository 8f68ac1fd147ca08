import { request, type Dispatcher } from 'undici';
import { words } from '../../shared/i18n/words';
import { toNetworkError } from '../http/network-error';
import { secretNames } from '../secrets/secret-names';
import { AuthServer } from './auth-server';
import { SessionStatus } from './session-status';
import type {
  AuthConfig,
  AuthSessionDeps,
  CallbackOutcome,
  SessionSnapshot,
  SignInOutcome,
} from './session-types';
import { SignInFlow } from './sign-in-flow';
import { TokenKeeper } from './token-keeper';
import { revokeTokens } from './token-revoker';
import type { TokenSet } from './token-set';
import { TokenVault } from './token-vault';

export type {
  AuthConfig,
  AuthSessionDeps,
  CallbackOutcome,
  RedirectChoice,
  SessionSnapshot,
  SessionState,
  SignInOutcome,
} from './session-types';
export { REFRESH_MARGIN_MS } from './token-keeper';

/**
 * The signed-in session with one Photo Service: OAuth 2.0 authorization code with PKCE S256 and
 * a one-time state in the system browser (RFC 8252, see `SignInFlow`), tokens in the keychain,
 * and refreshes that never lose the session (see `TokenKeeper`).
 *
 * - Any number of callers share one refresh; the rotated refresh token is stored before the new
 *   access token is handed out, and an old one is never sent again.
 * - `invalid_grant` on refresh moves to `needs-sign-in` (queued work waits); a network failure is
 *   retried later and never signs the user out.
 * - Nothing here logs or throws a token, code, verifier or secret.
 */
export class AuthSession {
  readonly #status: SessionStatus;
  readonly #server: AuthServer;
  readonly #keeper: TokenKeeper;
  readonly #signIns: SignInFlow;

  constructor(private readonly deps: AuthSessionDeps) {
    const { authUrl, clientId, apiBaseUrl } = deps.config;
    const vault = new TokenVault(
      deps.secrets,
      secretNames(authUrl, clientId, apiBaseUrl).tokens,
      deps.refreshLock,
      deps.logger,
    );
    this.#status = new SessionStatus(
      () => deps.secrets.signInStorage ?? (deps.secrets.persistent ? 'keychain' : 'memory'),
    );
    this.#server = new AuthServer(deps);
    this.#keeper = new TokenKeeper(this.#status, { ...deps, vault, server: this.#server });
    this.#signIns = new SignInFlow(this.#status, this.#server, this.#keeper, deps);
    deps.redactor.add(deps.config.clientSecret);
  }

  /** The Photo Service and app registration this session is for. */
  get config(): AuthConfig {
    return this.deps.config;
  }

  /** Loads the session kept in the keychain, if any. Call once at start. */
  async restore(): Promise<SessionSnapshot> {
    await this.#keeper.restore();
    return this.snapshot();
  }

  /** What the UI and the command line show now. Never holds a token. */
  snapshot(): SessionSnapshot {
    return this.#status.snapshot();
  }

  /** Calls `listener` with every change of the snapshot; returns the unsubscribe function. */
  onChange(listener: (snapshot: SessionSnapshot) => void): () => void {
    return this.#status.onChange(listener);
  }

  /**
   * Starts a sign-in in the system browser and waits for it to come back (10 minutes at most).
   * A newer sign-in cancels an older one still waiting. A sign-in server that is insecure or out
   * of reach resolves `{ ok: false, message }` at once, leaving the session as it was.
   */
  signIn(): Promise<SignInOutcome> {
    return this.#signIns.signIn();
  }

  /**
   * The deep-link entry: a URL the operating system handed over (macOS `open-url`, a Windows or
   * Linux `second-instance` or first-launch argument). Anything but a matching callback is dropped.
   */
  handleDeepLink(raw: string): Promise<CallbackOutcome> {
    return this.#signIns.handleDeepLink(raw);
  }

  /**
   * A valid access token, refreshed first when it expires within a minute.
   * @throws AuthRequiredError when not signed in; NetworkError when a needed refresh could not
   * reach the server (try again later).
   */
  accessToken(): Promise<string> {
    return this.#keeper.accessToken();
  }

  /**
   * An authenticated request with undici: the bearer token is attached; on a 401 the session
   * refreshes once (shared with every other caller) and the request is retried once. The body
   * must be a string or buffer so that it can be sent twice.
   * @throws AuthRequiredError, NetworkError, or what undici throws for the request itself.
   */
  async authorizedRequest(
    url: string | URL,
    options: {
      readonly method: Dispatcher.HttpMethod;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: string | Buffer;
      readonly signal?: AbortSignal;
      readonly dispatcher?: Dispatcher;
    },
  ): Promise<Dispatcher.ResponseData> {
    const api = this.deps.config.apiBaseUrl;
    if (api === undefined || new URL(url).origin !== new URL(api).origin)
      // Tokens are for the API they were issued for: never sent to another origin.
      throw new Error('Refusing to send the session to an address that is not its API');
    const send = async (token: string) => {
      try {
        return await request(url, {
          method: options.method,
          headers: { ...options.headers, authorization: `Bearer ${token}` },
          body: options.body ?? null,
          dispatcher: options.dispatcher ?? this.deps.dispatcher,
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        throw toNetworkError(error, url, options.signal);
      }
    };
    const token = await this.accessToken();
    const first = await send(token);
    if (first.statusCode !== 401) return first;
    await first.body.dump();
    this.deps.logger.info('access token refused; refreshing once');
    const fresh = await this.#keeper.refresh(token);
    return send(fresh.accessToken);
  }

  /** Revokes the tokens (RFC 7009, best effort) and deletes them from the keychain. */
  async signOut(): Promise<void> {
    // From here on, tokens still on their way (a refresh, a code exchange) are revoked on arrival.
    this.#status.nextGeneration();
    this.#signIns.cancelAll(words('error.signIn.signedOut'));
    const tokens = this.#status.tokens;
    this.#status.tokens = undefined;
    this.#status.set('signed-out', undefined);
    // Under the cross-process lock: a refresh in flight (here or in another process) stores its
    // tokens first; the newest ones are then deleted and revoked.
    const stored = await this.#keeper.takeStored();
    const revoke = [tokens, stored].filter((set): set is TokenSet => set !== undefined);
    await revokeTokens(this.#server, revoke, this.deps.logger);
    this.deps.logger.info('signed out');
  }

  /** Ends every wait and listener (loopback listeners included). */
  async dispose(): Promise<void> {
    this.#signIns.cancelAll(words('error.signIn.appClosing'));
    this.#status.clearListeners();
    await Promise.resolve();
  }
}
