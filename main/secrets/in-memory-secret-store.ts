import type { SecretStore } from './secret-store';

/** Keeps secrets in memory for the life of the process: for unit tests and as a fallback. */
export class InMemorySecretStore implements SecretStore {
  readonly persistent = false;
  readonly #values = new Map<string, string>();

  get(name: string): Promise<string | undefined> {
    return Promise.resolve(this.#values.get(name));
  }

  set(name: string, value: string): Promise<void> {
    this.#values.set(name, value);
    return Promise.resolve();
  }

  delete(name: string): Promise<void> {
    this.#values.delete(name);
    return Promise.resolve();
  }
}
