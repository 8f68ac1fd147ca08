import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/logging/logger';
import { FallbackSecretStore } from '../../../../main/secrets/fallback-secret-store';
import { InMemorySecretStore } from '../../../../main/secrets/in-memory-secret-store';
import { KeychainUnavailableError, type SecretStore } from '../../../../main/secrets/secret-store';

class BrokenKeychain implements SecretStore {
  readonly persistent = true;
  calls = 0;
  get(): Promise<string | undefined> {
    this.calls += 1;
    return Promise.reject(new KeychainUnavailableError('no Secret Service'));
  }
  set(): Promise<void> {
    this.calls += 1;
    return Promise.reject(new KeychainUnavailableError('no Secret Service'));
  }
  delete(): Promise<void> {
    this.calls += 1;
    return Promise.reject(new KeychainUnavailableError('no Secret Service'));
  }
}

describe('FallbackSecretStore', () => {
  it('uses the keychain while it works', async () => {
    const keychain = new InMemorySecretStore();
    Object.defineProperty(keychain, 'persistent', { value: true });
    const store = new FallbackSecretStore(keychain, silentLogger);
    await store.set('a', '1');
    expect(await keychain.get('a')).toBe('1');
    expect(store.persistent).toBe(true);
  });

  it('switches to memory for the rest of the run when the keychain is unreachable, and says so once', async () => {
    const keychain = new BrokenKeychain();
    const told: string[] = [];
    const store = new FallbackSecretStore(keychain, silentLogger, (error) =>
      told.push(error.message),
    );
    await store.set('a', '1');
    expect(await store.get('a')).toBe('1');
    await store.delete('a');
    expect(await store.get('a')).toBeUndefined();
    expect(store.persistent).toBe(false);
    expect(keychain.calls).toBe(1);
    expect(told).toEqual(['no Secret Service']);
  });

  it('passes other errors through', async () => {
    const keychain = new InMemorySecretStore();
    keychain.get = () => Promise.reject(new Error('disk on fire'));
    await expect(new FallbackSecretStore(keychain, silentLogger).get('a')).rejects.toThrow(
      'disk on fire',
    );
  });
});
