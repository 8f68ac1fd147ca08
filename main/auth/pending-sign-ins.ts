import type { Clock } from '../../shared/domain/clock';

/** Sign-ins wait at most this long for the browser to come back (issue 3). */
export const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

/** What a started sign-in remembers until its callback arrives. */
export type PendingSignIn = {
  readonly state: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  readonly startedAt: number;
};

export type TakeResult =
  | { readonly ok: true; readonly pending: PendingSignIn }
  | { readonly ok: false; readonly reason: 'unknown-state' | 'used-state' | 'expired-state' };

/**
 * Started sign-ins by `state`. A state is single-use and lives 10 minutes; a callback whose state
 * is unknown, used or expired is refused and must be dropped.
 */
export class PendingSignIns {
  readonly #pending = new Map<string, PendingSignIn>();
  readonly #used = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number = SIGN_IN_TIMEOUT_MS,
  ) {}

  add(pending: PendingSignIn): void {
    this.#forgetOld();
    this.#pending.set(pending.state, pending);
  }

  /** Takes the sign-in for `state`; it cannot be taken again. */
  take(state: string): TakeResult {
    this.#forgetOld();
    if (this.#used.has(state)) return { ok: false, reason: 'used-state' };
    const pending = this.#pending.get(state);
    if (pending === undefined) return { ok: false, reason: 'unknown-state' };
    this.#pending.delete(state);
    this.#used.set(state, this.clock.now());
    if (this.clock.now() - pending.startedAt > this.ttlMs)
      return { ok: false, reason: 'expired-state' };
    return { ok: true, pending };
  }

  /** Cancels a sign-in without completing it (timeout, a newer sign-in, sign-out). */
  cancel(state: string): void {
    if (this.#pending.delete(state)) this.#used.set(state, this.clock.now());
  }

  #forgetOld(): void {
    const now = this.clock.now();
    // Expired pending states stay until taken, so a late callback is told "expired", not "unknown".
    for (const [state, pending] of this.#pending) {
      if (now - pending.startedAt > 2 * this.ttlMs) this.#pending.delete(state);
    }
    for (const [state, usedAt] of this.#used)
      if (now - usedAt > 2 * this.ttlMs) this.#used.delete(state);
  }
}
