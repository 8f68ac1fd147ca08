import type { SignInStorage } from '../../shared/ipc/views';

/**
 * Where secrets live: OAuth tokens, client secrets, photo-host keys. Values are opaque strings;
 * names come from `secretNames`. Implementations never write a secret in plain text.
 */
export interface SecretStore {
  /** The stored value, or undefined when there is none. */
  get(name: string): Promise<string | undefined>;
  /** Stores `value` under `name`, replacing any earlier value. */
  set(name: string, value: string): Promise<void>;
  /** Removes the value; removing a missing one is not an error. */
  delete(name: string): Promise<void>;
  /** Whether values outlive the process (false: kept in memory only). */
  readonly persistent: boolean;
  /**
   * Where the sign-in tokens are kept, when the store can be more precise than `persistent`
   * (`FallbackSecretStore`: the keychain, the plain-text file the user asked for, or memory).
   */
  readonly signInStorage?: SignInStorage;
}

/** Thrown when the OS keychain cannot be reached (no Secret Service on Linux, for one). */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  readonly code = 'keychain-unavailable';
}
