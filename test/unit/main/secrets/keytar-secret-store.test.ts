import { describe, expect, it } from 'vitest';
import {
  KeytarSecretStore,
  type KeytarApi,
  type KeytarLoader,
} from '../../../../main/secrets/keytar-secret-store';
import { KeychainUnavailableError } from '../../../../main/secrets/secret-store';

/** A keytar stand-in over a map, counting how often it was loaded. */
function mapKeytar(): { load: KeytarLoader; loads: () => number; entries: Map<string, string> } {
  const entries = new Map<string, string>();
  let loads = 0;
  const api: KeytarApi = {
    getPassword: (service, account) =>
      Promise.resolve(entries.get(`${service}/${account}`) ?? null),
    setPassword: (service, account, password) => {
      entries.set(`${service}/${account}`, password);
      return Promise.resolve();
    },
    deletePassword: (service, account) => Promise.resolve(entries.delete(`${service}/${account}`)),
  };
  return {
    load: () => {
      loads += 1;
      return Promise.resolve(api);
    },
    loads: () => loads,
    entries,
  };
}

describe('KeytarSecretStore', () => {
  it('loads keytar on first use, not when it is made, and only once', async () => {
    const keytar = mapKeytar();
    const store = new KeytarSecretStore('Photo Uploader unit', keytar.load);
    expect(keytar.loads()).toBe(0);
    await store.set('token', 'value');
    expect(await store.get('token')).toBe('value');
    await store.delete('token');
    expect(await store.get('token')).toBeUndefined();
    expect(keytar.loads()).toBe(1);
    expect(keytar.entries.size).toBe(0);
  });

  it('turns a keytar that cannot be loaded (no libsecret) into KeychainUnavailableError', async () => {
    const store = new KeytarSecretStore('Photo Uploader unit', () =>
      Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')),
    );
    for (const attempt of [
      () => store.get('token'),
      () => store.set('token', 'value'),
      () => store.delete('token'),
    ]) {
      const failure = attempt();
      await expect(failure).rejects.toBeInstanceOf(KeychainUnavailableError);
      await expect(failure).rejects.toThrow(
        'The system keychain is not available (libsecret-1.so.0: cannot open shared object file)',
      );
    }
  });

  it('turns a failing keychain call into KeychainUnavailableError', async () => {
    const keytar = mapKeytar();
    const store = new KeytarSecretStore('Photo Uploader unit', async () => ({
      ...(await keytar.load()),
      getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    }));
    await expect(store.get('token')).rejects.toBeInstanceOf(KeychainUnavailableError);
  });
});
