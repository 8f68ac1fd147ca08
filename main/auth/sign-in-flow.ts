import type { Clock } from '../../shared/domain/clock';
import { FALLBACK_LOCALE, type Locales } from '../../shared/i18n/locales';
import { localesOf, type Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import type { Logger } from '../logging/logger';
import type { Redactor } from '../logging/redactor';
import { defaultScope, issuerProblem } from './auth-endpoints';
import type { AuthServer } from './auth-server';
import type { Browser } from './browser';
import {
  callbackFromQuery,
  customSchemeRedirectUri,
  type OAuthCallback,
  parseDeepLink,
} from './callback-url';
import { callbackPage } from './callback-page-words';
import { type CallbackPage, LoopbackReceiver } from './loopback-receiver';
import { PendingSignIns, SIGN_IN_TIMEOUT_MS } from './pending-sign-ins';
import { createPkcePair, createState } from './pkce';
import type { SessionStatus } from './session-status';
import type { AuthConfig, CallbackOutcome, SessionState, SignInOutcome } from './session-types';
import {
  describeCallbackError,
  describeDiscoveryError,
  describeExchangeError,
} from './sign-in-messages';
import type { TokenKeeper } from './token-keeper';
import { revokeTokens } from './token-revoker';

type Waiting = {
  resolve: (outcome: SignInOutcome) => void;
  timer: NodeJS.Timeout;
  receiver?: LoopbackReceiver;
};

/** What `SignInFlow` works with besides the session's status, server and token keeper. */
export type SignInFlowDeps = {
  readonly config: AuthConfig;
  readonly browser: Browser;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redactor: Redactor;
  /** The app's language, for the browser's tab after a loopback sign-in; English if absent. */
  readonly locale?: () => Locales;
};

/**
 * Signing in: OAuth 2.0 authorization code with PKCE S256 and a one-time state in the system
 * browser (RFC 8252), the answer coming back through a loopback listener or a custom-scheme deep
 * link. A sign-in waits 10 minutes at most; a newer one cancels an older one still waiting; a
 * failed one returns the session to the state it had before, with the reason for the user.
 */
export class SignInFlow {
  readonly #pending: PendingSignIns;
  readonly #waiting = new Map<string, Waiting>();
  #stateBeforeSignIn: SessionState = 'signed-out';

  constructor(
    private readonly status: SessionStatus,
    private readonly server: AuthServer,
    private readonly keeper: TokenKeeper,
    private readonly deps: SignInFlowDeps,
  ) {
    this.#pending = new PendingSignIns(deps.clock);
  }

  /**
   * Starts a sign-in in the system browser and waits for it to come back. A sign-in server that
   * is insecure or out of reach ends it at once with a sentence saying so; the next attempt asks
   * the server again.
   */
  async signIn(): Promise<SignInOutcome> {
    this.cancelAll(words('error.signIn.superseded'));
    let endpoints;
    try {
      endpoints = await this.server.endpoints();
    } catch (error) {
      const message = describeDiscoveryError(error, this.deps.config.authUrl);
      this.deps.logger.warn('could not start the sign-in', { error });
      this.status.set(this.status.state, message);
      return { ok: false, message };
    }
    const scope = this.deps.config.scope ?? defaultScope(endpoints);
    const state = createState();
    const pkce = createPkcePair();
    this.deps.redactor.add(state);
    this.deps.redactor.add(pkce.verifier);
    let receiver: LoopbackReceiver | undefined;
    let redirectUri: string;
    if (this.deps.config.redirect.kind === 'loopback') {
      receiver = await LoopbackReceiver.start(
        (query) => this.#loopbackCallback(query),
        () => callbackPage({ kind: 'broken' }, this.#locales()),
      );
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

    if (this.status.state !== 'signing-in') this.#stateBeforeSignIn = this.status.state;
    this.status.set('signing-in', undefined);
    const outcome = new Promise<SignInOutcome>((resolve) => {
      const timer = setTimeout(
        () =>
          this.#finish(state, {
            ok: false,
            message: words('error.signIn.timedOut', { minutes: SIGN_IN_TIMEOUT_MS / 60_000 }),
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
      this.#finish(state, { ok: false, message: words('error.signIn.browserNotOpened') });
    }
    return outcome;
  }

  /**
   * The deep-link entry: a URL the operating system handed over. Anything but a matching
   * callback is dropped.
   */
  async handleDeepLink(raw: string): Promise<CallbackOutcome> {
    if (this.deps.config.redirect.kind !== 'custom-scheme')
      return { kind: 'dropped', reason: 'not expecting a deep link' };
    return this.#complete(parseDeepLink(raw, this.deps.config.redirect.scheme));
  }

  /** Ends every sign-in still waiting with `message` (loopback listeners included). */
  cancelAll(message: Words): void {
    for (const state of [...this.#waiting.keys()]) this.#finish(state, { ok: false, message });
  }

  // The browser's tab after the sign-in, in the app's language.
  async #loopbackCallback(query: URLSearchParams): Promise<CallbackPage> {
    const outcome = await this.#complete(callbackFromQuery(query));
    return callbackPage(
      outcome.kind === 'failed' ? { kind: 'failed', message: outcome.message } : outcome,
      this.#locales(),
    );
  }

  /** The app's language now (English where the flow was given none: tests, the CLI's own). */
  #locales(): Locales {
    return this.deps.locale?.() ?? localesOf(FALLBACK_LOCALE);
  }

  async #complete(callback: OAuthCallback): Promise<CallbackOutcome> {
    if (callback.kind === 'invalid') return this.#drop(callback.reason);
    if (callback.state === undefined) return this.#drop('callback without state');
    const taken = this.#pending.take(callback.state);
    if (!taken.ok) {
      if (taken.reason === 'expired-state') {
        this.#finish(callback.state, {
          ok: false,
          message: words('error.signIn.tookTooLong'),
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
    const endpoints = await this.server.endpoints();
    const issuerRefusal = issuerProblem(callback.issuer, endpoints);
    if (issuerRefusal !== undefined) {
      // RFC 9207: the answer may come from another authorization server (mix-up attack).
      this.deps.logger.warn('sign-in answer refused by its issuer', {
        issuerGiven: callback.issuer !== undefined,
      });
      this.#finish(state, { ok: false, message: issuerRefusal });
      return { kind: 'failed', message: issuerRefusal };
    }
    const generation = this.status.generation;
    try {
      const client = await this.server.tokenClient();
      const tokens = await client.exchangeCode({
        code: callback.code,
        redirectUri: taken.pending.redirectUri,
        codeVerifier: taken.pending.codeVerifier,
        scope: this.deps.config.scope ?? defaultScope(endpoints),
      });
      if (!(await this.keeper.keep(tokens, generation))) {
        // Signed out while the code was being exchanged: these tokens are never kept.
        await revokeTokens(this.server, [tokens], this.deps.logger);
        return this.#drop('signed out during the sign-in');
      }
      this.status.set('signed-in', undefined);
      this.#finish(state, { ok: true });
      this.deps.logger.info('signed in', {
        scope: tokens.scope,
        remembered: this.status.snapshot().remembered,
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
    if (!outcome.ok && this.status.state === 'signing-in' && this.#waiting.size === 0) {
      this.status.set(this.#stateBeforeSignIn, outcome.message);
    }
    waiting.resolve(outcome);
  }
}
