import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthRequiredError } from '../../../main/auth/auth-errors';
import { FileRefreshLock } from '../../../main/auth/token-vault';
import { KeytarSecretStore } from '../../../main/secrets/keytar-secret-store';
import { secretNames } from '../../../main/secrets/secret-names';
import { words } from '../../../shared/i18n/words';
import { TestClock } from '../../fakes/test-clock';
import { loopbackBrowser, makeSession, type SessionKit } from '../../support/auth-harness';
import { requireKeychain } from '../../support/keychain';
import { admin, startTestService, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';

const needsKeychain = needs('gnome-keyring');

/** A GET of the project list with the session; the status code. */
async function projects(kit: SessionKit, service: TestService): Promise<number> {
  const response = await kit.session.authorizedRequest(`${service.info.base_url}/v2/projects`, {
    method: 'GET',
  });
  await response.body.dump();
  return response.statusCode;
}

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('One sign-in shared by processes on different data folders'),
  () => {
    let service: TestService;
    const kits: SessionKit[] = [];
    const keychain = new KeytarSecretStore(`Photo Uploader test ${process.pid}`);

    beforeAll(async () => {
      await requireKeychain();
      // Rotation kills a refresh token at once, and a dead one presented again revokes the grant.
      service = await startTestService({
        autoApprove: true,
        rotation: 'immediate',
        accessTokenTtlSeconds: 600,
      });
    });
    afterEach(async () => {
      for (const kit of kits.splice(0)) {
        await kit.session.dispose();
        await kit.dispatcher.close();
      }
      await keychain.delete(
        secretNames(service.info.auth_url, service.info.client_id, service.info.base_url).tokens,
      );
    });
    afterAll(() => service?.close());

    /** A session as another process would have it: same keychain and lock folder, own memory. */
    const processWith = (locks: string, clock?: TestClock) => {
      const kit = makeSession(service.info, {
        browser: loopbackBrowser(),
        secrets: keychain,
        refreshLock: new FileRefreshLock(locks),
        ...(clock ? { clock } : {}),
      });
      kits.push(kit);
      return kit;
    };

    it('refreshes with the newest refresh token when another process rotated it, and both stay signed in', async () => {
      const locks = await mkdtemp(join(tmpdir(), 'locks-'));
      const firstClock = new TestClock();
      const secondClock = new TestClock();
      const first = processWith(locks, firstClock);
      expect(await first.session.signIn()).toEqual({ ok: true });
      const second = processWith(locks, secondClock);
      expect((await second.session.restore()).state).toBe('signed-in');

      // The first process refreshes ahead of expiry, and so replaces the refresh token both read.
      firstClock.advance(590_000);
      await first.session.accessToken();
      // The second one's tokens expire too: it takes the first one's fresh tokens, no refresh.
      secondClock.advance(590_000);
      expect(await projects(second, service)).toBe(200);
      expect((await admin.state(service.info)).requests['POST /oauth/token']).toEqual({ '200': 2 });
      // Later the second one refreshes, with the newest refresh token (the first one's).
      secondClock.advance(595_000);
      expect(await projects(second, service)).toBe(200);
      expect(second.session.snapshot().state).toBe('signed-in');
      // And the first one, whose refresh token the second replaced, takes the second one's.
      firstClock.advance(595_000);
      expect(await projects(first, service)).toBe(200);
      expect(first.session.snapshot().state).toBe('signed-in');

      // The code exchange and two refreshes; a replaced refresh token was never presented (the
      // server would have revoked the whole grant).
      expect((await admin.state(service.info)).requests['POST /oauth/token']).toEqual({ '200': 3 });
    });

    it('lets a sign-out win over a refresh in flight: the new tokens are revoked, never stored or handed out', async () => {
      const locks = await mkdtemp(join(tmpdir(), 'locks-'));
      const clock = new TestClock();
      const kit = processWith(locks, clock);
      await kit.session.signIn();
      const before = (await admin.state(service.info)).requests;
      // The next refresh takes a second on the server.
      await admin.post(service.info, '/faults', {
        route: 'POST /oauth/token',
        action: 'delay',
        delay_ms: 1000,
        times: 1,
      });
      clock.advance(590_000); // within a minute of expiry: the next call refreshes first
      const refreshing = kit.session.accessToken().then(
        () => 'handed out',
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await kit.session.signOut();

      expect(await refreshing).toBeInstanceOf(AuthRequiredError);
      expect(kit.session.snapshot().state).toBe('signed-out');
      expect(
        await keychain.get(
          secretNames(service.info.auth_url, service.info.client_id, service.info.base_url).tokens,
        ),
      ).toBeUndefined();
      const state = await admin.state(service.info);
      const count = (requests: typeof before, route: string) => requests[route]?.['200'] ?? 0;
      // The refresh did happen…
      expect(count(state.requests, 'POST /oauth/token')).toBe(
        count(before, 'POST /oauth/token') + 1,
      );
      // …and the old pair and the pair it brought back are all revoked.
      expect(count(state.requests, 'POST /oauth/revoke')).toBe(
        count(before, 'POST /oauth/revoke') + 4,
      );
      await expect(kit.session.accessToken()).rejects.toBeInstanceOf(AuthRequiredError);
    });
    it('lets a sign-out win over a sign-in whose code is being exchanged: those tokens are revoked', async () => {
      const locks = await mkdtemp(join(tmpdir(), 'locks-'));
      const kit = processWith(locks);
      const before = (await admin.state(service.info)).requests;
      const count = (requests: typeof before, route: string) => requests[route]?.['200'] ?? 0;
      // The code exchange takes a second on the server.
      await admin.post(service.info, '/faults', {
        route: 'POST /oauth/token',
        action: 'delay',
        delay_ms: 1000,
        times: 1,
      });
      const signingIn = kit.session.signIn();
      await new Promise((resolve) => setTimeout(resolve, 400));
      await kit.session.signOut();
      expect(await signingIn).toEqual({ ok: false, message: words('error.signIn.signedOut') });
      // The exchange still completes on the server; its tokens are revoked as they arrive.
      const deadline = Date.now() + 10_000;
      while (
        count((await admin.state(service.info)).requests, 'POST /oauth/revoke') <
        count(before, 'POST /oauth/revoke') + 2
      ) {
        if (Date.now() > deadline) throw new Error('the exchanged tokens were not revoked');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(count((await admin.state(service.info)).requests, 'POST /oauth/token')).toBe(
        count(before, 'POST /oauth/token') + 1,
      );
      expect(kit.session.snapshot().state).toBe('signed-out');
      expect(
        await keychain.get(
          secretNames(service.info.auth_url, service.info.client_id, service.info.base_url).tokens,
        ),
      ).toBeUndefined();
    });
  },
);
