import { request, type Dispatcher } from 'undici';
import type { Clock } from '../../shared/domain/clock';
import { NetworkError, toNetworkError } from '../http/network-error';
import type { Logger } from '../logging/logger';
import type { Redactor } from '../logging/redactor';
import { secretNames } from '../secrets/secret-names';
import type { SecretStore } from '../secrets/secret-store';
import { AuthRequiredError, OAuthResponseError } from './auth-errors';
import {
  type AuthEndpoints,
  defaultScope,
  discoverEndpoints,
  issuerProblem,
} from './auth-endpoints';
import type { Browser } from './browser';
import {
  callbackFromQuery,
  customSchemeRedirectUri,
  type OAuthCallback,
  parseDeepLink,
} from './callback-url';
import { type CallbackPage, LoopbackReceiver } from './loopback-receiver';
import { PendingSignIns, SIGN_IN_TIMEOUT_MS } from './pending-sign-ins';
import { createPkcePair, createState } from './pkce';
import { TokenClient } from './token-client';
import { describeCallbackError, describeExchangeError } from './sign-in-messages';
import type { StoredSession, TokenSet } from './token-set';
import { type RefreshLock, TokenVault } from './token-vault';

/** How the browser hands the sign-in back to the app. */
export type RedirectChoice =
  { readonly kind: 'loopback' } | { readonly kind: 'custom-scheme'; readonly scheme: string };

/** One configured Photo Service and app registration. */
export type AuthConfig = {
  readonly authUrl: string;
  readonly clientId: string;
  /** Present for a confidential registration; absent for a public client (PKCE only). */
  readonly clientSecret: string | undefined;
  /** Requested scope; undefined asks for the narrowest the server offers. */
  readonly scope: string | undefined;
  readonly redirect: RedirectChoice;
  /**
   * The API the tokens are for: they are kept under its origin and never sent anywhere else.
   * Undefined when only signing in (no API address yet).
   */
  readonly apiBaseUrl: string | undefined;
};

export type AuthSessionDeps = {
  readonly config: AuthConfig;
  readonly secrets: SecretStore;
  readonly dispatcher: Dispatcher;
  readonly browser: Browser;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redactor: Redactor;
  /** Shared with every process of this user, so refreshes of one keychain entry never overlap. */
  readonly refreshLock: RefreshLock;
};

export type SessionState = 'signed-out' | 'signing-in' | 'signed-in' | 'needs-sign-in';

/** What the UI and the command line show about the session. Never holds a token. */
export type SessionSnapshot = {
  readonly state: SessionState;
  /** When the access token expires (ms since the epoch), if signed in and known. */
  readonly expiresAt: number | undefined;
  readonly scope: string | undefined;
  /** False when no keychain is available: the sign-in lasts for this run only. */
  readonly remembered: boolean;
  /** The last thing the user should be told, in plain words (a failed sign-in, an expired session). */
  readonly message: string | undefined;
};

export type SignInOutcome =
  { readonly ok: true } | { readonly ok: false; readonly message: string };

/** What became of a callback handed to the session. */
export type CallbackOutcome =
  | { readonly kind: 'signed-in' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'dropped'; readonly reason: string };

/** Refresh this long before the access token expires (less for short-lived tokens, see below). */
export const REFRESH_MARGIN_MS = 60_000;

/**
 * How long before expiry to refresh: a minute, but at most half the token's lifetime, so that a
 * short-lived token (seconds) is used for a while instead of refreshed on every call.
 */
function refreshMargin(tokens: TokenSet): number {
  if (tokens.expiresAt === undefined || tokens.receivedAt === undefined) return REFRESH_MARGIN_MS;
  return Math.min(REFRESH_MARGIN_MS, (tokens.expiresAt - tokens.receivedAt) / 2);
}
const REVOKE_TIMEOUT_MS = 10_000;
const SESSION_ENDED = 'Your session has ended. Please sign in again; queued uploads are waiting.';

type Waiting = {
  resolve: (outcome: SignInOutcome) => void;
  timer: NodeJS.Timeout;
  receiver?: LoopbackReceiver;
};

/**
 * The signed-in session with one Photo Service: OAuth 2.0 authorization code with PKCE S256 and
 * a one-time state in the system browser (RFC 8252), tokens in the keychain, and refreshes that
 * never lose the session.
 *
 * - Any number of callers share one refresh; the rotated refresh token is stored before the new
 *   access token is handed out, and an old one is never sent again.
 * - `invalid_grant` on refresh moves to `needs-sign-in` (queued work waits); a network failure is
 *   retried later and never signs the user out.
 * - Nothing here logs or throws a token, code, verifier or secret.
 */
export class AuthSession {
  readonly #vault: TokenVault;
  readonly #pending: PendingSignIns;
  readonly #waiting = new Map<string, Waiting>();
  readonly #listeners = new Set<(snapshot: SessionSnapshot) => void>();
  #state: SessionState = 'signed-out';
  #stateBeforeSignIn: SessionState = 'signed-out';
  #tokens: TokenSet | undefined;
  #message: string | undefined;
  #persisted = true;
  #refreshing: Promise<TokenSet> | undefined;
  #endpoints: Promise<AuthEndpoints> | undefined;
  #tokenClient: Promise<TokenClient> | undefined;
  /**
   * Bumped by every sign-out: tokens that arrive for an older generation (a refresh or a code
   * exchange that was in flight) are revoked, never stored or handed out.
   */
  #generation = 0;

  constructor(private readonly deps: AuthSessionDeps) {
    const { authUrl, clientId, apiBaseUrl } = deps.config;
    this.#vault = new TokenVault(
      deps.secrets,
      secretNames(authUrl, clientId, apiBaseUrl).tokens,
      deps.refreshLock,
      deps.logger,
    );
    this.#pending = new PendingSignIns(deps.clock);
    deps.redactor.add(deps.config.clientSecret);
  }

  get config(): AuthConfig {
    return this.deps.config;
  }

  /** Loads the session kept in the keychain, if any. Call once at start. */
  async restore(): Promise<SessionSnapshot> {
    const stored = await this.#vault.read();
    if (stored?.kind === 'tokens') {
      this.deps.redactor.add(stored.tokens.accessToken);
      this.deps.redactor.add(stored.tokens.refreshToken);
      this.#tokens = stored.tokens;
      this.#set('signed-in', undefined);
    } else if (stored?.kind === 'needs-sign-in') {
      this.#set('needs-sign-in', SESSION_ENDED);
    } else {
      this.#set('signed-out', undefined);
    }
    return this.snapshot();
  }

  snapshot(): SessionSnapshot {
    return {
      state: this.#state,
      expiresAt: this.#state === 'signed-in' ? this.#tokens?.expiresAt : undefined,
      scope: this.#state === 'signed-in' ? this.#tokens?.scope : undefined,
      remembered: this.#persisted && this.deps.secrets.persistent,
      message: this.#message,
    };
  }

  /** Calls `listener` with every change of the snapshot; returns the unsubscribe function. */
  onChange(listener: (snapshot: SessionSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Starts a sign-in in the system browser and waits for it to come back (10 minutes at most).
   * A newer sign-in cancels an older one still waiting.
   */
  async signIn(): Promise<SignInOutcome> {
    for (const state of [...this.#waiting.keys()])
      this.#finish(state, { ok: false, message: 'A newer sign-in was started.' });
    const endpoints = await this.#getEndpoints();
    const scope = this.deps.config.scope ?? defaultScope(endpoints);
    const state = createState();
    const pkce = createPkcePair();
    this.deps.redactor.add(state);
    this.deps.redactor.add(pkce.verifier);
    let receiver: LoopbackReceiver | undefined;
    let redirectUri: string;
    if (this.deps.config.redirect.kind === 'loopback') {
      receiver = await LoopbackReceiver.start((query) => this.#loopbackCallback(query));
      redirectUri = receiver.redirectUri;
    } else {
      redirectUri = customSchemeRedirectUri(this.deps.config.redirect.scheme);
    }
    this.#pending.add({
      state,
      codeVerifier: pkce.verifier,
      redirectUri,
      startedAt: this.deps.clock.now(),
    });
    const url = new URL(endpoints.authorization);
    url.search = new URLSearchParams({
      client_id: this.deps.config.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope,
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    }).toString();

    if (this.#state !== 'signing-in') this.#stateBeforeSignIn = this.#state;
    this.#set('signing-in', undefined);
    const outcome = new Promise<SignInOutcome>((resolve) => {
      const timer = setTimeout(
        () =>
          this.#finish(state, {
            ok: false,
            message: 'The sign-in was not completed within 10 minutes. Please try again.',
          }),
        SIGN_IN_TIMEOUT_MS,
      );
      this.#waiting.set(state, { resolve, timer, ...(receiver ? { receiver } : {}) });
    });
    this.deps.logger.info('sign-in started', { redirect: this.deps.config.redirect.kind });
    try {
      await this.deps.browser.open(url.href);
    } catch (error) {
      this.deps.logger.warn('could not open the browser', { error });
      this.#finish(state, { ok: false, message: 'Could not open the web browser for signing in.' });
    }
    return outcome;
  }

  /**
   * The deep-link entry: a URL the operating system handed over (macOS `open-url`, a Windows or
   * Linux `second-instance` or first-launch argument). Anything but a matching callback is dropped.
   */
  async handleDeepLink(raw: string): Promise<CallbackOutcome> {
    if (this.deps.config.redirect.kind !== 'custom-scheme')
      return { kind: 'dropped', reason: 'not expecting a deep link' };
    return this.#complete(parseDeepLink(raw, this.deps.config.redirect.scheme));
  }

  /**
   * A valid access token, refreshed first when it expires within a minute.
   * @throws AuthRequiredError when not signed in; NetworkError when a needed refresh could not
   * reach the server (try again later).
   */
  async accessToken(): Promise<string> {
    const tokens = this.#tokens;
    if (tokens === undefined || this.#state === 'needs-sign-in' || this.#state === 'signed-out') {
      throw new AuthRequiredError('Not signed in');
    }
    if (
      tokens.expiresAt === undefined ||
      tokens.expiresAt - this.deps.clock.now() > refreshMargin(tokens)
    ) {
      return tokens.accessToken;
    }
    try {
      return (await this.#refresh(tokens.accessToken)).accessToken;
    } catch (error) {
      // Still valid for a little while: use it and refresh again next time.
      if (error instanceof NetworkError && tokens.expiresAt > this.deps.clock.now())
        return tokens.accessToken;
      throw error;
    }
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
    const fresh = await this.#refresh(token);
    return send(fresh.accessToken);
  }

  /** Revokes the tokens (RFC 7009, best effort) and deletes them from the keychain. */
  async signOut(): Promise<void> {
    // From here on, tokens still on their way (a refresh, a code exchange) are revoked on arrival.
    this.#generation += 1;
    for (const state of [...this.#waiting.keys()])
      this.#finish(state, { ok: false, message: 'Signed out.' });
    const tokens = this.#tokens;
    this.#tokens = undefined;
    this.#set('signed-out', undefined);
    // Under the cross-process lock: a refresh in flight (here or in another process) stores its
    // tokens first; the newest ones are then deleted and revoked.
    const stored = await this.#vault.exclusive(async () => {
      const newest = await this.#vault.read();
      await this.#vault.delete();
      return newest;
    });
    const revoke = [tokens, stored?.kind === 'tokens' ? stored.tokens : undefined].filter(
      (set): set is TokenSet => set !== undefined,
    );
    await this.#revoke(revoke);
    this.deps.logger.info('signed out');
  }

  /** Revokes each token of `sets` once (RFC 7009, best effort: the server may be out of reach). */
  async #revoke(sets: readonly TokenSet[]): Promise<void> {
    if (sets.length === 0) return;
    const seen = new Set<string>();
    let client: TokenClient;
    try {
      client = await this.#getTokenClient();
    } catch (error) {
      this.deps.logger.warn('could not reach the server to revoke tokens', { error });
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
          this.deps.logger.warn(
            'token revocation failed; the token stays valid on the server until it expires',
            { hint, error },
          );
        }
      }
  }

  /** Ends every wait and listener (loopback listeners included). */
  async dispose(): Promise<void> {
    for (const state of [...this.#waiting.keys()])
      this.#finish(state, { ok: false, message: 'The app is closing.' });
    this.#listeners.clear();
    await Promise.resolve();
  }

  async #loopbackCallback(query: URLSearchParams): Promise<CallbackPage> {
    const outcome = await this.#complete(callbackFromQuery(query));
    switch (outcome.kind) {
      case 'signed-in':
        return {
          title: 'Signed in',
          message: 'You are signed in to Photo Uploader. You can close this tab.',
        };
      case 'failed':
        return { title: 'Sign-in failed', message: `${outcome.message} You can close this tab.` };
      case 'dropped':
        return {
          title: 'Nothing to do',
          message:
            'This sign-in link is not the one Photo Uploader is waiting for. You can close this tab.',
        };
    }
  }

  async #complete(callback: OAuthCallback): Promise<CallbackOutcome> {
    if (callback.kind === 'invalid') return this.#drop(callback.reason);
    if (callback.state === undefined) return this.#drop('callback without state');
    const taken = this.#pending.take(callback.state);
    if (!taken.ok) {
      if (taken.reason === 'expired-state') {
        this.#finish(callback.state, {
          ok: false,
          message: 'The sign-in took too long. Please try again.',
        });
      }
      return this.#drop(taken.reason);
    }
    const { state } = taken.pending;
    if (callback.kind === 'error') {
      const message = describeCallbackError(callback.error, callback.description);
      this.deps.logger.info('sign-in refused in the browser', { error: callback.error });
      this.#finish(state, { ok: false, message });
      return { kind: 'failed', message };
    }
    this.deps.redactor.add(callback.code);
    const endpoints = await this.#getEndpoints();
    const issuerRefusal = issuerProblem(callback.issuer, endpoints);
    if (issuerRefusal !== undefined) {
      // RFC 9207: the answer may come from another authorization server (mix-up attack).
      this.deps.logger.warn('sign-in answer refused by its issuer', {
        issuerGiven: callback.issuer !== undefined,
      });
      this.#finish(state, { ok: false, message: issuerRefusal });
      return { kind: 'failed', message: issuerRefusal };
    }
    const generation = this.#generation;
    try {
      const client = await this.#getTokenClient();
      const tokens = await client.exchangeCode({
        code: callback.code,
        redirectUri: taken.pending.redirectUri,
        codeVerifier: taken.pending.codeVerifier,
        scope: this.deps.config.scope ?? defaultScope(endpoints),
      });
      if (generation !== this.#generation) {
        // Signed out while the code was being exchanged: these tokens are never kept.
        await this.#revoke([tokens]);
        return this.#drop('signed out during the sign-in');
      }
      await this.#persist({ kind: 'tokens', tokens });
      this.#tokens = tokens;
      this.#set('signed-in', undefined);
      this.#finish(state, { ok: true });
      this.deps.logger.info('signed in', {
        scope: tokens.scope,
        remembered: this.snapshot().remembered,
      });
      return { kind: 'signed-in' };
    } catch (error) {
      const message = describeExchangeError(error);
      this.deps.logger.warn('code exchange failed', { error });
      this.#finish(state, { ok: false, message });
      return { kind: 'failed', message };
    }
  }

  #drop(reason: string): CallbackOutcome {
    this.deps.logger.warn('dropped a sign-in callback', { reason });
    return { kind: 'dropped', reason };
  }

  /** Resolves a waiting sign-in and, when it failed, returns to the state before it. */
  #finish(state: string, outcome: SignInOutcome): void {
    const waiting = this.#waiting.get(state);
    if (waiting === undefined) return;
    this.#waiting.delete(state);
    this.#pending.cancel(state);
    clearTimeout(waiting.timer);
    // Close after the current answer (the tab's page) has been sent.
    if (waiting.receiver) setTimeout(() => void waiting.receiver?.close(), 0);
    if (!outcome.ok && this.#state === 'signing-in' && this.#waiting.size === 0) {
      this.#set(this.#stateBeforeSignIn, outcome.message);
    }
    waiting.resolve(outcome);
  }

  /** One refresh at a time; a caller whose token was already replaced just gets the new one. */
  #refresh(rejectedAccessToken: string): Promise<TokenSet> {
    if (this.#refreshing) return this.#refreshing;
    const current = this.#tokens;
    if (current === undefined || this.#state === 'needs-sign-in') {
      return Promise.reject(new AuthRequiredError('Not signed in'));
    }
    if (current.accessToken !== rejectedAccessToken) return Promise.resolve(current);
    const refreshing = this.#runRefresh(current).finally(() => {
      this.#refreshing = undefined;
    });
    this.#refreshing = refreshing;
    return refreshing;
  }

  /**
   * Refreshes under the cross-process lock. Another process on this keychain entry may have
   * rotated the tokens since this one read them: the entry is read again first, and its newer
   * tokens are adopted (and used, if still fresh) instead of presenting a refresh token that
   * has been replaced. The rotated refresh token is stored before anyone gets the new access
   * token.
   */
  #runRefresh(held: TokenSet): Promise<TokenSet> {
    const generation = this.#generation;
    return this.#vault.exclusive(async () => {
      let current = held;
      if (this.#persisted) {
        const stored = await this.#vault.read();
        if (generation !== this.#generation) throw new AuthRequiredError('Signed out');
        if (stored?.kind !== 'tokens') {
          // Another process signed out, or found the session ended: so has this one.
          this.deps.logger.info('the stored session is gone; another process ended it');
          this.#tokens = undefined;
          if (stored?.kind === 'needs-sign-in') this.#set('needs-sign-in', SESSION_ENDED);
          else this.#set('signed-out', undefined);
          throw new AuthRequiredError('The session has ended; please sign in again');
        }
        if (stored.tokens.refreshToken !== current.refreshToken) {
          this.deps.logger.info('another process refreshed the session; using its tokens');
          this.deps.redactor.add(stored.tokens.accessToken);
          this.deps.redactor.add(stored.tokens.refreshToken);
          current = stored.tokens;
          this.#tokens = current;
          this.#emit();
          if (
            current.expiresAt === undefined ||
            current.expiresAt - this.deps.clock.now() > refreshMargin(current)
          )
            return current;
        }
      }
      const fresh = await this.#requestRefresh(current);
      if (generation !== this.#generation) {
        // Signed out while the refresh was in flight: the new tokens are revoked, never kept.
        await this.#revoke([fresh]);
        throw new AuthRequiredError('Signed out');
      }
      // Store the rotated refresh token before the new access token is used by anyone.
      await this.#persist({ kind: 'tokens', tokens: fresh });
      if (this.#tokens === current || this.#tokens === held) {
        this.#tokens = fresh;
        this.#emit();
      }
      this.deps.logger.info('session refreshed');
      return fresh;
    });
  }

  /** One refresh request; a permanent refusal ends the session. */
  async #requestRefresh(current: TokenSet): Promise<TokenSet> {
    const client = await this.#getTokenClient();
    try {
      return await client.refresh(current);
    } catch (error) {
      if (error instanceof OAuthResponseError && error.isPermanent) {
        this.deps.logger.warn('refresh refused; a new sign-in is needed', { error: error.code });
        await this.#needsSignIn();
        throw new AuthRequiredError('The session has ended; please sign in again');
      }
      this.deps.logger.warn('refresh failed; will retry later', { error });
      if (error instanceof NetworkError) throw error;
      const reason = error instanceof OAuthResponseError ? `HTTP ${error.status}` : 'bad-answer';
      throw new NetworkError(
        'The authorization server could not refresh the session right now',
        reason,
      );
    }
  }

  async #needsSignIn(): Promise<void> {
    this.#tokens = undefined;
    await this.#persist({ kind: 'needs-sign-in' });
    this.#set('needs-sign-in', SESSION_ENDED);
  }

  async #persist(session: StoredSession): Promise<void> {
    // When the keychain refuses, the tokens stay usable in memory and the user is told the
    // sign-in will not be remembered.
    this.#persisted = await this.#vault.write(session);
  }

  #getEndpoints(): Promise<AuthEndpoints> {
    this.#endpoints ??= discoverEndpoints(
      this.deps.config.authUrl,
      this.deps.dispatcher,
      this.deps.logger,
    );
    return this.#endpoints;
  }

  #getTokenClient(): Promise<TokenClient> {
    this.#tokenClient ??= this.#getEndpoints().then(
      (endpoints) =>
        new TokenClient(
          endpoints,
          { clientId: this.deps.config.clientId, clientSecret: this.deps.config.clientSecret },
          this.deps.dispatcher,
          this.deps.clock,
          this.deps.redactor,
        ),
    );
    return this.#tokenClient;
  }

  #set(state: SessionState, message: string | undefined): void {
    this.#state = state;
    this.#message = message;
    this.#emit();
  }

  #emit(): void {
    const snapshot = this.snapshot();
    for (const listener of this.#listeners) listener(snapshot);
  }
}
