import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/logging/logger';
import { FallbackSecretStore } from '../../../../main/secrets/fallback-secret-store';
import { InMemorySecretStore } from '../../../../main/secrets/in-memory-secret-store';
import { KeychainUnavailableError, type SecretStore } from '../../../../main/secrets/secret-store';
import { isSignInTokens, secretNames } from '../../../../main/secrets/secret-names';

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

  it('without a keychain, puts only the sign-in tokens in the file, and only while it is wanted', async () => {
    const file = new InMemorySecretStore();
    let wanted = false;
    const store = new FallbackSecretStore(new BrokenKeychain(), silentLogger, undefined, {
      file,
      wanted: () => wanted,
      holds: isSignInTokens,
    });
    const names = secretNames('https://auth.example.com', 'uploader', 'https://api.example.com');
    await store.set(names.tokens, 'tokens-1');
    expect(await file.get(names.tokens)).toBeUndefined();
    expect(store.signInStorage).toBe('memory');
    expect(store.persistent).toBe(false);

    wanted = true;
    await store.set(names.tokens, 'tokens-2');
    await store.set(names.clientSecret, 'client-secret');
    expect(await file.get(names.tokens)).toBe('tokens-2');
    expect(await file.get(names.clientSecret)).toBeUndefined();
    expect(await store.get(names.clientSecret)).toBe('client-secret');
    expect(store.signInStorage).toBe('plain-text-file');
    expect(store.persistent).toBe(true);
  });

  it('with a keychain, never uses the file, even when it is wanted', async () => {
    const keychain = new InMemorySecretStore();
    Object.defineProperty(keychain, 'persistent', { value: true });
    const file = new InMemorySecretStore();
    const store = new FallbackSecretStore(keychain, silentLogger, undefined, {
      file,
      wanted: () => true,
      holds: isSignInTokens,
    });
    await store.set('oauth-tokens x', 'tokens');
    expect(await keychain.get('oauth-tokens x')).toBe('tokens');
    expect(await file.get('oauth-tokens x')).toBeUndefined();
    expect(store.signInStorage).toBe('keychain');
  });
});
