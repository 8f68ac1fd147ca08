import keytar from 'keytar';
import { KeychainUnavailableError, type SecretStore } from './secret-store';

/** The keychain "service" all of the app's entries are filed under. */
export const KEYCHAIN_SERVICE = 'Photo Uploader';

function unavailable(error: unknown): KeychainUnavailableError {
  const reason = error instanceof Error ? error.message : String(error);
  return new KeychainUnavailableError(`The system keychain is not available (${reason})`);
}

/**
 * The OS keychain through keytar: macOS Keychain, Windows Credential Manager, or the Secret
 * Service (gnome-keyring, KWallet) on Linux. Every failure to reach it becomes a
 * `KeychainUnavailableError`.
 */
export class KeytarSecretStore implements SecretStore {
  readonly persistent = true;

  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  async get(name: string): Promise<string | undefined> {
    try {
      return (await keytar.getPassword(this.service, name)) ?? undefined;
    } catch (error) {
      throw unavailable(error);
    }
  }

  async set(name: string, value: string): Promise<void> {
    try {
      await keytar.setPassword(this.service, name, value);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async delete(name: string): Promise<void> {
    try {
      await keytar.deletePassword(this.service, name);
    } catch (error) {
      throw unavailable(error);
    }
  }
}
