import type { Logger } from '../logging/logger';
import { InMemorySecretStore } from './in-memory-secret-store';
import { KeychainUnavailableError, type SecretStore } from './secret-store';
import type { SignInStorage } from './sign-in-token-file';

/**
 * The plain-text file for the sign-in tokens, used only when the user asked for it and no
 * keychain answers (see `SignInTokenFile`).
 */
export type TokenFileChoice = {
  readonly file: SecretStore;
  /** Whether the user asked for it (`login --insecure-storage`, remembered in the settings). */
  readonly wanted: () => boolean;
  /** The entries it may hold: the sign-in's tokens only, never a client secret or S3 keys. */
  readonly holds: (name: string) => boolean;
};

/**
 * The keychain when there is one, memory otherwise. The first time the keychain cannot be
 * reached, it switches to memory for the rest of the process, copies nothing to disk, and tells
 * `onUnavailable` so the user can learn that the sign-in will not be remembered. Only the sign-in
 * tokens, and only when the user asked for it (`tokenFile`), go to a plain-text file instead.
 */
export class FallbackSecretStore implements SecretStore {
  readonly #memory = new InMemorySecretStore();
  #usingKeychain = true;

  constructor(
    private readonly keychain: SecretStore,
    private readonly logger: Logger,
    private readonly onUnavailable: (error: KeychainUnavailableError) => void = () => undefined,
    private readonly tokenFile?: TokenFileChoice,
  ) {}

  get persistent(): boolean {
    return this.signInStorage !== 'memory';
  }

  /** Where the sign-in tokens are kept now (before the keychain failed once: the keychain). */
  get signInStorage(): SignInStorage {
    if (this.#usingKeychain) return this.keychain.persistent ? 'keychain' : 'memory';
    return this.tokenFile?.wanted() ? 'plain-text-file' : 'memory';
  }

  get(name: string): Promise<string | undefined> {
    return this.#use(name, (store) => store.get(name));
  }

  set(name: string, value: string): Promise<void> {
    return this.#use(name, (store) => store.set(name, value));
  }

  delete(name: string): Promise<void> {
    return this.#use(name, (store) => store.delete(name));
  }

  async #use<T>(name: string, action: (store: SecretStore) => Promise<T>): Promise<T> {
    if (this.#usingKeychain) {
      try {
        return await action(this.keychain);
      } catch (error) {
        if (!(error instanceof KeychainUnavailableError)) throw error;
        this.#usingKeychain = false;
        this.logger.warn(
          this.tokenFile?.wanted()
            ? 'keychain unavailable; the sign-in is kept in the plain-text file asked for, other secrets in memory for this run only'
            : 'keychain unavailable; secrets are kept in memory for this run only',
          { reason: error.message },
        );
        this.onUnavailable(error);
      }
    }
    const file = this.tokenFile;
    if (file !== undefined && file.holds(name) && file.wanted()) return action(file.file);
    return action(this.#memory);
  }
}
