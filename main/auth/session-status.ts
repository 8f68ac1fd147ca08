import type { Words } from '../../shared/i18n/translator';
import type { SignInStorage } from '../secrets/sign-in-token-file';
import type { SessionSnapshot, SessionState } from './session-types';
import type { TokenSet } from './token-set';

/**
 * What the parts of one session share: its state, its tokens in memory, the message for the user,
 * and the sign-out generation. Every change of what a snapshot shows goes to the listeners.
 */
export class SessionStatus {
  readonly #listeners = new Set<(snapshot: SessionSnapshot) => void>();
  #state: SessionState = 'signed-out';
  #message: Words | undefined;
  /** The tokens in use; undefined when signed out or when the session has ended. */
  tokens: TokenSet | undefined;
  /** False once the keychain refused the tokens: they then last for this run only. */
  persisted = true;
  #generation = 0;

  constructor(
    /** Where the secret store keeps the tokens (a keychain, the file asked for, or memory). */
    private readonly storage: () => SignInStorage,
  ) {}

  /** The current state. */
  get state(): SessionState {
    return this.#state;
  }

  /**
   * Bumped by every sign-out: tokens that arrive for an older generation (a refresh or a code
   * exchange that was in flight) are revoked, never stored or handed out.
   */
  get generation(): number {
    return this.#generation;
  }

  /** Starts a new generation (a sign-out): tokens still on their way will be refused. */
  nextGeneration(): void {
    this.#generation += 1;
  }

  /** Moves to `state` with `message` for the user (words for any language), and tells the listeners. */
  set(state: SessionState, message: Words | undefined): void {
    this.#state = state;
    this.#message = message;
    this.emit();
  }

  /** What the UI shows now. Never holds a token. */
  snapshot(): SessionSnapshot {
    return {
      state: this.#state,
      expiresAt: this.#state === 'signed-in' ? this.tokens?.expiresAt : undefined,
      scope: this.#state === 'signed-in' ? this.tokens?.scope : undefined,
      remembered: this.#kept() !== 'memory',
      kept: this.#kept(),
      message: this.#message,
    };
  }

  /** Where the tokens are now: memory once the store refused them, else where the store keeps them. */
  #kept(): SignInStorage {
    return this.persisted ? this.storage() : 'memory';
  }

  /** Calls `listener` with every change of the snapshot; returns the unsubscribe function. */
  onChange(listener: (snapshot: SessionSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Forgets every listener. */
  clearListeners(): void {
    this.#listeners.clear();
  }

  /** Tells the listeners the current snapshot (after a change of tokens, say). */
  emit(): void {
    const snapshot = this.snapshot();
    for (const listener of this.#listeners) listener(snapshot);
  }
}
