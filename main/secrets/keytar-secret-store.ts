import { KeychainUnavailableError, type SecretStore } from './secret-store';

/** The keychain "service" all of the app's entries are filed under. */
export const KEYCHAIN_SERVICE = 'Photo Uploader';

/** The part of keytar this store uses. */
export type KeytarApi = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
};

/** Loads keytar's native module; rejects when it cannot be loaded. */
export type KeytarLoader = () => Promise<KeytarApi>;

/**
 * The real keytar, loaded on first use. keytar's native module links against libsecret on Linux:
 * a machine without it (an AppImage carries no libsecret) fails at load time, which a static
 * import would turn into an app that cannot start at all.
 */
export const loadKeytar: KeytarLoader = async () => (await import('keytar')).default;

function unavailable(error: unknown): KeychainUnavailableError {
  const reason = error instanceof Error ? error.message : String(error);
  return new KeychainUnavailableError(`The system keychain is not available (${reason})`);
}

/**
 * The OS keychain through keytar: macOS Keychain, Windows Credential Manager, or the Secret
 * Service (gnome-keyring, KWallet) on Linux. keytar is loaded on first use. Every failure to load
 * it or to reach the keychain becomes a `KeychainUnavailableError`, so a `FallbackSecretStore`
 * switches to memory and says so.
 */
export class KeytarSecretStore implements SecretStore {
  readonly persistent = true;
  #keytar: Promise<KeytarApi> | undefined;

  constructor(
    private readonly service: string = KEYCHAIN_SERVICE,
    private readonly load: KeytarLoader = loadKeytar,
  ) {}

  async get(name: string): Promise<string | undefined> {
    return (await this.#call((keytar) => keytar.getPassword(this.service, name))) ?? undefined;
  }

  async set(name: string, value: string): Promise<void> {
    await this.#call((keytar) => keytar.setPassword(this.service, name, value));
  }

  async delete(name: string): Promise<void> {
    await this.#call((keytar) => keytar.deletePassword(this.service, name));
  }

  async #call<T>(action: (keytar: KeytarApi) => Promise<T>): Promise<T> {
    // One load for the whole process: a failed load stays failed (the library will not appear
    // while the app runs), and the fallback store stops asking after the first failure anyway.
    this.#keytar ??= this.load();
    try {
      return await action(await this.#keytar);
    } catch (error) {
      throw unavailable(error);
    }
  }
}
