import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../main/secrets/keytar-secret-store';
import { secretNames } from '../../../main/secrets/secret-names';
import { loopbackBrowser, makeSession } from '../../support/auth-harness';
import { startTestService, type TestService } from '../../support/photo-service-harness';
import { requireKeychain } from '../../support/keychain';
import { needs } from '../../support/platform-needs';

const needsKeychain = needs('gnome-keyring');

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('KeytarSecretStore against the real Secret Service'),
  () => {
    const store = new KeytarSecretStore('Photo Uploader tests');
    beforeAll(requireKeychain);

    it('stores, reads, replaces and deletes a secret', async () => {
      const name = `round-trip ${Date.now()}`;
      expect(await store.get(name)).toBeUndefined();
      await store.set(name, 'first value');
      expect(await store.get(name)).toBe('first value');
      await store.set(name, 'second value');
      expect(await store.get(name)).toBe('second value');
      await store.delete(name);
      expect(await store.get(name)).toBeUndefined();
      await store.delete(name);
    });

    it('names entries per authorization server and client, so two services never collide', () => {
      const names = [
        secretNames('https://auth.example.com', 'client-a'),
        secretNames('https://auth.example.com', 'client-b'),
        secretNames('https://auth.example.org', 'client-a'),
        secretNames('https://auth.example.com/tenant', 'client-a'),
      ];
      const all = names.flatMap((entry) => [entry.tokens, entry.clientSecret]);
      expect(new Set(all).size).toBe(all.length);
      expect(secretNames('https://auth.example.com/', 'client-a')).toEqual(names[0]);
    });
  },
);

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('Sessions kept in the real keychain'),
  () => {
    let one: TestService;
    let two: TestService;
    beforeAll(async () => {
      await requireKeychain();
      one = await startTestService({ autoApprove: true });
      two = await startTestService({ autoApprove: true });
    });
    afterAll(async () => {
      await one.close();
      await two.close();
    });

    it('survives a restart: a new session on the same keychain is still signed in', async () => {
      const first = makeSession(one.info, {
        browser: loopbackBrowser(),
        secrets: new KeytarSecretStore(),
      });
      await first.session.signIn();
      const token = await first.session.accessToken();
      const second = makeSession(one.info, {
        browser: loopbackBrowser(),
        secrets: new KeytarSecretStore(),
      });
      expect(await second.session.restore()).toMatchObject({
        state: 'signed-in',
        remembered: true,
        scope: 'read write',
      });
      expect(await second.session.accessToken()).toBe(token);
      await second.session.signOut();
      await first.dispatcher.close();
      await second.dispatcher.close();
    });

    it('keeps two configured services apart', async () => {
      const a = makeSession(one.info, {
        browser: loopbackBrowser(),
        secrets: new KeytarSecretStore(),
      });
      const b = makeSession(two.info, {
        browser: loopbackBrowser(),
        secrets: new KeytarSecretStore(),
      });
      await a.session.signIn();
      await b.session.signIn();
      await b.session.signOut();
      const again = makeSession(one.info, {
        browser: loopbackBrowser(),
        secrets: new KeytarSecretStore(),
      });
      expect((await again.session.restore()).state).toBe('signed-in');
      await again.session.signOut();
      for (const made of [a, b, again]) await made.dispatcher.close();
    });
  },
);
