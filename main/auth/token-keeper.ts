import { NetworkError } from '../http/network-error';
import type { Logger } from '../logging/logger';
import type { Redactor } from '../logging/redactor';
import type { Clock } from '../../shared/domain/clock';
import { LockTimeoutError } from '../ownership/file-lock';
import { AuthRequiredError, OAuthResponseError } from './auth-errors';
import type { AuthServer } from './auth-server';
import type { SessionStatus } from './session-status';
import { SESSION_ENDED } from './sign-in-messages';
import { revokeTokens } from './token-revoker';
import type { StoredSession, TokenSet } from './token-set';
import type { TokenVault } from './token-vault';

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

/** What `TokenKeeper` works with besides the session's shared status. */
export type TokenKeeperDeps = {
  readonly vault: TokenVault;
  readonly server: AuthServer;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redactor: Redactor;
};

/**
 * The session's tokens: kept in the keychain (through the cross-process `TokenVault`), handed
 * out while fresh, and refreshed so that the session is never lost.
 *
 * - Any number of callers share one refresh; the rotated refresh token is stored before the new
 *   access token is handed out, and an old one is never sent again.
 * - `invalid_grant` on refresh moves to `needs-sign-in` (queued work waits); a network failure is
 *   retried later and never signs the user out.
 * - Tokens that arrive after a sign-out (see `SessionStatus.generation`) are revoked, never stored
 *   or handed out.
 */
export class TokenKeeper {
  #refreshing: Promise<TokenSet> | undefined;

  constructor(
    private readonly status: SessionStatus,
    private readonly deps: TokenKeeperDeps,
  ) {}

  /** Loads the session kept in the keychain, if any. */
  async restore(): Promise<void> {
    const stored = await this.deps.vault.read();
    if (stored?.kind === 'tokens') {
      this.deps.redactor.add(stored.tokens.accessToken);
      this.deps.redactor.add(stored.tokens.refreshToken);
      this.status.tokens = stored.tokens;
      this.status.set('signed-in', undefined);
    } else if (stored?.kind === 'needs-sign-in') {
      this.status.set('needs-sign-in', SESSION_ENDED);
    } else {
      this.status.set('signed-out', undefined);
    }
  }

  /**
   * A valid access token, refreshed first when it expires within a minute.
   * @throws AuthRequiredError when not signed in; NetworkError when a needed refresh could not
   * reach the server (try again later).
   */
  async accessToken(): Promise<string> {
    const tokens = this.status.tokens;
    const state = this.status.state;
    if (tokens === undefined || state === 'needs-sign-in' || state === 'signed-out') {
      throw new AuthRequiredError('Not signed in');
    }
    if (
      tokens.expiresAt === undefined ||
      tokens.expiresAt - this.deps.clock.now() > refreshMargin(tokens)
    ) {
      return tokens.accessToken;
    }
    try {
      return (await this.refresh(tokens.accessToken)).accessToken;
    } catch (error) {
      // Still valid for a little while: use it and refresh again next time.
      if (error instanceof NetworkError && tokens.expiresAt > this.deps.clock.now())
        return tokens.accessToken;
      throw error;
    }
  }

  /** One refresh at a time; a caller whose token was already replaced just gets the new one. */
  refresh(rejectedAccessToken: string): Promise<TokenSet> {
    if (this.#refreshing) return this.#refreshing;
    const current = this.status.tokens;
    if (current === undefined || this.status.state === 'needs-sign-in') {
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
   * Stores freshly issued tokens (a sign-in's) and puts them in use; the state is the caller's.
   * When the keychain refuses, the tokens stay usable in memory for this run. Under the
   * cross-process lock, and only while no sign-out has started since `generation`.
   * @returns false when a sign-out came first: the caller revokes the tokens, never uses them.
   */
  keep(tokens: TokenSet, generation: number): Promise<boolean> {
    return this.deps.vault.exclusive(async () => {
      if (generation !== this.status.generation) return false;
      await this.#persist({ kind: 'tokens', tokens });
      // A sign-out that started during the write waits for this lock, then deletes them.
      if (generation !== this.status.generation) return false;
      this.status.tokens = tokens;
      return true;
    });
  }

  /**
   * For a sign-out: under the cross-process lock, so that a refresh in flight (here or in another
   * process) stores its tokens first, reads the newest stored tokens and deletes them.
   * @returns the tokens that were stored, for revoking.
   */
  async takeStored(): Promise<TokenSet | undefined> {
    const take = async () => {
      const newest = await this.deps.vault.read();
      await this.deps.vault.delete();
      return newest;
    };
    let stored;
    try {
      stored = await this.deps.vault.exclusive(take);
    } catch (error) {
      if (!(error instanceof LockTimeoutError)) throw error;
      // Another process holds the lock and does not let go (stopped, or hung): signing out
      // must still forget and revoke what is stored.
      this.deps.logger.warn('signing out without the refresh lock; another process holds it');
      stored = await take();
    }
    return stored?.kind === 'tokens' ? stored.tokens : undefined;
  }

  /**
   * Refreshes under the cross-process lock. Another process on this keychain entry may have
   * rotated the tokens since this one read them: the entry is read again first, and its newer
   * tokens are adopted (and used, if still fresh) instead of presenting a refresh token that
   * has been replaced. The rotated refresh token is stored before anyone gets the new access
   * token.
   */
  #runRefresh(held: TokenSet): Promise<TokenSet> {
    const generation = this.status.generation;
    return this.deps.vault.exclusive(async () => {
      let current = held;
      if (this.status.persisted) {
        const stored = await this.deps.vault.read();
        if (generation !== this.status.generation) throw new AuthRequiredError('Signed out');
        if (stored?.kind !== 'tokens') {
          // Another process signed out, or found the session ended: so has this one.
          this.deps.logger.info('the stored session is gone; another process ended it');
          this.status.tokens = undefined;
          if (stored?.kind === 'needs-sign-in') this.status.set('needs-sign-in', SESSION_ENDED);
          else this.status.set('signed-out', undefined);
          throw new AuthRequiredError('The session has ended; please sign in again');
        }
        if (stored.tokens.refreshToken !== current.refreshToken) {
          this.deps.logger.info('another process refreshed the session; using its tokens');
          this.deps.redactor.add(stored.tokens.accessToken);
          this.deps.redactor.add(stored.tokens.refreshToken);
          current = stored.tokens;
          this.status.tokens = current;
          this.status.emit();
          if (
            current.expiresAt === undefined ||
            current.expiresAt - this.deps.clock.now() > refreshMargin(current)
          )
            return current;
        }
      }
      const fresh = await this.#requestRefresh(current);
      if (generation !== this.status.generation) {
        // Signed out while the refresh was in flight: the new tokens are revoked, never kept.
        await revokeTokens(this.deps.server, [fresh], this.deps.logger);
        throw new AuthRequiredError('Signed out');
      }
      // Store the rotated refresh token before the new access token is used by anyone.
      await this.#persist({ kind: 'tokens', tokens: fresh });
      // A sign-out that started during the write waits for this lock, then deletes and revokes
      // them: they are not handed out.
      if (generation !== this.status.generation) throw new AuthRequiredError('Signed out');
      if (this.status.tokens === current || this.status.tokens === held) {
        this.status.tokens = fresh;
        this.status.emit();
      }
      this.deps.logger.info('session refreshed');
      return fresh;
    });
  }

  /** One refresh request; a permanent refusal ends the session. */
  async #requestRefresh(current: TokenSet): Promise<TokenSet> {
    const client = await this.deps.server.tokenClient();
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
    this.status.tokens = undefined;
    await this.#persist({ kind: 'needs-sign-in' });
    this.status.set('needs-sign-in', SESSION_ENDED);
  }

  async #persist(session: StoredSession): Promise<void> {
    // When the keychain refuses, the tokens stay usable in memory and the user is told the
    // sign-in will not be remembered.
    this.status.persisted = await this.deps.vault.write(session);
  }
}
