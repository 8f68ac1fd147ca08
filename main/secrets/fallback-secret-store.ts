import type { Logger } from '../logging/logger';
import { InMemorySecretStore } from './in-memory-secret-store';
import { KeychainUnavailableError, type SecretStore } from './secret-store';

/**
 * The keychain when there is one, memory otherwise. The first time the keychain cannot be
 * reached, it switches to memory for the rest of the process, copies nothing to disk, and tells
 * `onUnavailable` so the user can learn that the sign-in will not be remembered.
 */
export class FallbackSecretStore implements SecretStore {
  readonly #memory = new InMemorySecretStore();
  #usingKeychain = true;

  constructor(
    private readonly keychain: SecretStore,
    private readonly logger: Logger,
    private readonly onUnavailable: (error: KeychainUnavailableError) => void = () => undefined,
  ) {}

  get persistent(): boolean {
    return this.#usingKeychain && this.keychain.persistent;
  }

  get(name: string): Promise<string | undefined> {
    return this.#use((store) => store.get(name));
  }

  set(name: string, value: string): Promise<void> {
    return this.#use((store) => store.set(name, value));
  }

  delete(name: string): Promise<void> {
    return this.#use((store) => store.delete(name));
  }

  async #use<T>(action: (store: SecretStore) => Promise<T>): Promise<T> {
    if (this.#usingKeychain) {
      try {
        return await action(this.keychain);
      } catch (error) {
        if (!(error instanceof KeychainUnavailableError)) throw error;
        this.#usingKeychain = false;
        this.logger.warn('keychain unavailable; secrets are kept in memory for this run only', {
          reason: error.message,
        });
        this.onUnavailable(error);
      }
    }
    return action(this.#memory);
  }
}
