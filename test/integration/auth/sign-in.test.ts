import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthRequiredError } from '../../../main/auth/auth-errors';
import type { SessionSnapshot } from '../../../main/auth/auth-session';
import {
  approveInBrowser,
  loopbackBrowser,
  makeSession,
  ScriptedBrowser,
  type SessionKit,
} from '../../support/auth-harness';
import { secretNames } from '../../../main/secrets/secret-names';
import { englishFor, words } from '../../../shared/i18n/words';
import { TestClock } from '../../fakes/test-clock';
import { admin, startTestService, type TestService } from '../../support/photo-service-harness';

const SCHEME = 'com.photouploader.app';

let service: TestService;
const kits: SessionKit[] = [];
beforeAll(async () => {
  service = await startTestService({ autoApprove: true });
});
afterAll(() => service.close());
afterEach(async () => {
  for (const kit of kits.splice(0)) {
    await kit.session.dispose();
    await kit.dispatcher.close();
  }
});

function kit(options: Parameters<typeof makeSession>[1]): SessionKit {
  const made = makeSession(service.info, options);
  kits.push(made);
  return made;
}

async function projectsStatus(made: SessionKit): Promise<number> {
  const response = await made.session.authorizedRequest(`${service.info.base_url}/v2/projects`, {
    method: 'GET',
  });
  await response.body.dump();
  return response.statusCode;
}

describe('AuthSession: signing in', () => {
  it('signs in through the custom scheme: the test plays the operating system', async () => {
    const browser = new ScriptedBrowser();
    const made = kit({ browser, redirect: { kind: 'custom-scheme', scheme: SCHEME } });
    const states: string[] = [];
    made.session.onChange((snapshot) => states.push(snapshot.state));
    const outcome = made.session.signIn();
    const url = new URL(await browser.nextUrl());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: service.info.client_id,
      redirect_uri: `${SCHEME}:/oauth/callback`,
      response_type: 'code',
      scope: 'read write',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const location = await approveInBrowser(url.href);
    expect(location.startsWith(`${SCHEME}:/oauth/callback?`)).toBe(true);
    expect(await made.session.handleDeepLink(location)).toEqual({ kind: 'signed-in' });
    expect(await outcome).toEqual({ ok: true });
    expect(states).toEqual(['signing-in', 'signed-in']);
    expect(await projectsStatus(made)).toBe(200);
  });

  it('signs in through the loopback redirect, which listens only during the sign-in', async () => {
    const browser = loopbackBrowser();
    const made = kit({ browser });
    expect(await made.session.signIn()).toEqual({ ok: true });
    const redirect = new URL(new URL(browser.opened[0]!).searchParams.get('redirect_uri')!);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(redirect.pathname).toBe('/callback');
    expect(made.session.snapshot()).toMatchObject({ state: 'signed-in', scope: 'read write' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(fetch(redirect)).rejects.toThrow();
  });

  it('serves the loopback tab a page that says it can be closed', async () => {
    let page = '';
    const browser = new ScriptedBrowser(async (url) => {
      page = await (await fetch(await approveInBrowser(url))).text();
    });
    const made = kit({ browser });
    await made.session.signIn();
    expect(page).toContain('You can close this tab');
  });

  it('says so in the app’s language, and names that language in the page', async () => {
    let page = '';
    const browser = new ScriptedBrowser(async (url) => {
      page = await (await fetch(await approveInBrowser(url))).text();
    });
    const made = kit({ browser, locale: () => ({ locale: 'fr', formatLocale: 'fr-CH' }) });
    await made.session.signIn();
    expect(page).toContain('<html lang="fr-CH">');
    expect(page).toContain('Vous êtes connecté à Photo Uploader. Vous pouvez fermer cet onglet.');
  });

  it('works for a public client with PKCE and no secret', async () => {
    const made = kit({ browser: loopbackBrowser(), publicClient: true });
    expect(await made.session.signIn()).toEqual({ ok: true });
    const exchange = made.sentForms.find(
      (form) => form.get('grant_type') === 'authorization_code',
    )!;
    expect(exchange.get('client_secret')).toBeNull();
    expect(exchange.get('code_verifier')).toMatch(/^[\w-]{43}$/);
    expect(await projectsStatus(made)).toBe(200);
  });

  it('authenticates a confidential client with client_secret_post', async () => {
    const made = kit({ browser: loopbackBrowser() });
    await made.session.signIn();
    const exchange = made.sentForms.find(
      (form) => form.get('grant_type') === 'authorization_code',
    )!;
    expect(exchange.get('client_id')).toBe(service.info.client_id);
    expect(exchange.get('client_secret')).toBe(service.info.client_secret);
  });

  it('asks for the narrowest scopes the server lists when none is configured', async () => {
    const browser = loopbackBrowser();
    const made = kit({ browser, scope: undefined });
    expect(await made.session.signIn()).toEqual({ ok: true });
    expect(new URL(browser.opened[0]!).searchParams.get('scope')).toBe(
      'projects:read photos:read photos:write',
    );
    expect(made.session.snapshot().scope).toBe('projects:read photos:read photos:write');
    expect(await projectsStatus(made)).toBe(200);
  });

  it('turns a denial in the browser into a plain message and leaves the session as it was', async () => {
    const consent = await startTestService();
    try {
      const browser = new ScriptedBrowser();
      const made = makeSession(consent.info, {
        browser,
        redirect: { kind: 'custom-scheme', scheme: SCHEME },
      });
      kits.push(made);
      const outcome = made.session.signIn();
      const html = await (await fetch(await browser.nextUrl())).text();
      const transaction = /name="transaction_id" value="([^"]+)"/.exec(html)![1]!;
      const denied = await fetch(`${consent.info.auth_url}/oauth/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ transaction_id: transaction, decision: 'deny' }),
      });
      const result = await made.session.handleDeepLink(denied.headers.get('location')!);
      expect(result.kind).toBe('failed');
      const declined = words('error.signIn.declined');
      expect(await outcome).toEqual({ ok: false, message: declined });
      expect(made.session.snapshot()).toMatchObject({ state: 'signed-out', message: declined });
      expect(englishFor(declined)).toBe(
        'You declined access in the browser, so you are not signed in.',
      );
    } finally {
      await consent.close();
    }
  });
});

describe('AuthSession: forged and replayed callbacks', () => {
  async function started(clock = new TestClock()) {
    const browser = new ScriptedBrowser();
    const made = kit({ browser, redirect: { kind: 'custom-scheme', scheme: SCHEME }, clock });
    const outcome = made.session.signIn();
    const location = await approveInBrowser(await browser.nextUrl());
    return { made, outcome, location, clock };
  }

  it('drops a callback with a state it did not issue, and keeps waiting for the real one', async () => {
    const { made, outcome, location } = await started();
    const forged = new URL(location);
    forged.searchParams.set('state', 'forged-state-value-forged-state-value-xxxxx');
    expect(await made.session.handleDeepLink(forged.href)).toEqual({
      kind: 'dropped',
      reason: 'unknown-state',
    });
    expect(made.session.snapshot().state).toBe('signing-in');
    expect(await made.session.handleDeepLink(location)).toEqual({ kind: 'signed-in' });
    expect(await outcome).toEqual({ ok: true });
  });

  it('drops a replayed callback and stays signed in with the same tokens', async () => {
    const { made, outcome, location } = await started();
    await made.session.handleDeepLink(location);
    await outcome;
    const before = await made.session.accessToken();
    expect(await made.session.handleDeepLink(location)).toEqual({
      kind: 'dropped',
      reason: 'used-state',
    });
    expect(made.session.snapshot().state).toBe('signed-in');
    expect(await made.session.accessToken()).toBe(before);
  });

  it('refuses a callback after the 10 minutes of its state, and the session goes back to signed-out', async () => {
    const { made, outcome, location, clock } = await started();
    clock.advance(10 * 60_000 + 1);
    expect(await made.session.handleDeepLink(location)).toEqual({
      kind: 'dropped',
      reason: 'expired-state',
    });
    expect(await outcome).toMatchObject({ ok: false });
    expect(made.session.snapshot().state).toBe('signed-out');
    await expect(made.session.accessToken()).rejects.toBeInstanceOf(AuthRequiredError);
  });

  it('ignores deep links that are not the sign-in callback', async () => {
    const { made, outcome, location } = await started();
    for (const link of [
      'com.other.app:/oauth/callback?code=x&state=y',
      `${SCHEME}://oauth/callback?code=x&state=y`,
      `${SCHEME}:/elsewhere`,
      'not a url',
    ]) {
      expect((await made.session.handleDeepLink(link)).kind).toBe('dropped');
    }
    expect(made.session.snapshot().state).toBe('signing-in');
    await made.session.handleDeepLink(location);
    await outcome;
  });
});

describe('AuthSession: one refresh at a time', () => {
  for (const rotation of ['immediate', 'on-first-use'] as const) {
    it(`makes exactly one refresh for 50 concurrent calls after the server expired the token (${rotation})`, async () => {
      const rotating = await startTestService({
        autoApprove: true,
        rotation,
        accessTokenTtlSeconds: 600,
      });
      try {
        const made = makeSession(rotating.info, { browser: loopbackBrowser() });
        kits.push(made);
        await made.session.signIn();
        // The server's clock moves past expiry; the client does not know and gets 401s.
        await admin.post(rotating.info, '/clock', { advance_seconds: 601 });
        const statuses = await Promise.all(
          Array.from({ length: 50 }, async () => {
            const response = await made.session.authorizedRequest(
              `${rotating.info.base_url}/v2/projects`,
              { method: 'GET' },
            );
            await response.body.dump();
            return response.statusCode;
          }),
        );
        expect(statuses.every((status) => status === 200)).toBe(true);
        const state = await admin.state(rotating.info);
        expect(state.requests['POST /oauth/token']).toEqual({ '200': 2 }); // the exchange and one refresh
        expect(
          made.sentForms.filter((form) => form.get('grant_type') === 'refresh_token'),
        ).toHaveLength(1);
      } finally {
        await rotating.close();
      }
    });

    it(`refreshes once, ahead of expiry, when 50 callers ask for a token at once (${rotation})`, async () => {
      const rotating = await startTestService({
        autoApprove: true,
        rotation,
        accessTokenTtlSeconds: 600,
      });
      try {
        const clock = new TestClock();
        const made = makeSession(rotating.info, { browser: loopbackBrowser(), clock });
        kits.push(made);
        await made.session.signIn();
        const first = await made.session.accessToken();
        clock.advance(600_000 - 59_000); // inside the one-minute margin
        const tokens = await Promise.all(
          Array.from({ length: 50 }, () => made.session.accessToken()),
        );
        expect(new Set(tokens).size).toBe(1);
        expect(tokens[0]).not.toBe(first);
        expect(
          made.sentForms.filter((form) => form.get('grant_type') === 'refresh_token'),
        ).toHaveLength(1);
        expect((await admin.state(rotating.info)).requests['POST /oauth/token']).toEqual({
          '200': 2,
        });
      } finally {
        await rotating.close();
      }
    });
  }

  it('never sends an old refresh token again and stores the new one before handing out the access token', async () => {
    const clock = new TestClock();
    const browser = loopbackBrowser();
    const made = kit({ browser, clock });
    await made.session.signIn();
    const seenInStore: string[] = [];
    const originalSet = made.secrets.set.bind(made.secrets);
    made.secrets.set = async (name, value) => {
      seenInStore.push(value);
      await originalSet(name, value);
    };
    for (let round = 0; round < 3; round += 1) {
      clock.advance(7200_000);
      const token = await made.session.accessToken();
      expect(seenInStore.at(-1)).toContain(token);
    }
    const sent = made.sentForms
      .filter((form) => form.get('grant_type') === 'refresh_token')
      .map((form) => form.get('refresh_token'));
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
  });
});

describe('AuthSession: losing and regaining the session', () => {
  it('moves to needs-sign-in when the refresh token was revoked, keeps that across restarts, and resumes after a new sign-in', async () => {
    const clock = new TestClock();
    const made = kit({ browser: loopbackBrowser(), clock });
    await made.session.signIn();
    const snapshots: SessionSnapshot[] = [];
    made.session.onChange((snapshot) => snapshots.push(snapshot));
    const stored = JSON.parse(
      (await made.secrets.get(
        secretNames(service.info.auth_url, service.info.client_id, service.info.base_url).tokens,
      ))!,
    ) as {
      tokens: { refreshToken: string };
    };
    await fetch(`${service.info.auth_url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: stored.tokens.refreshToken,
        client_id: service.info.client_id,
        client_secret: service.info.client_secret,
      }),
    });
    clock.advance(7200_000);
    await expect(made.session.accessToken()).rejects.toBeInstanceOf(AuthRequiredError);
    expect(made.session.snapshot().state).toBe('needs-sign-in');
    expect(snapshots.at(-1)?.message).toEqual(words('error.signIn.sessionEnded'));

    const restarted = kit({ browser: loopbackBrowser(), clock, secrets: made.secrets });
    expect((await restarted.session.restore()).state).toBe('needs-sign-in');
    expect(await restarted.session.signIn()).toEqual({ ok: true });
    expect(restarted.session.snapshot().state).toBe('signed-in');
    expect(await projectsStatus(restarted)).toBe(200);
  });

  it('stays signed in when the authorization server cannot be reached, and refreshes once it can', async () => {
    const outage = await startTestService({ autoApprove: true, accessTokenTtlSeconds: 600 });
    try {
      const clock = new TestClock();
      const made = makeSession(outage.info, { browser: loopbackBrowser(), clock });
      kits.push(made);
      await made.session.signIn();
      const first = await made.session.accessToken();
      clock.advance(600_000 - 30_000);
      await outage.suspend();
      // Still valid for 30 s: the old token is used while the refresh fails.
      expect(await made.session.accessToken()).toBe(first);
      clock.advance(60_000);
      await expect(made.session.accessToken()).rejects.toMatchObject({ code: 'network' });
      expect(made.session.snapshot().state).toBe('signed-in');
      await outage.resume();
      expect(await made.session.accessToken()).not.toBe(first);
    } finally {
      await outage.close();
    }
  });

  it('signs out: revokes the tokens on the service and forgets them', async () => {
    const made = kit({ browser: loopbackBrowser() });
    await made.session.signIn();
    const token = await made.session.accessToken();
    await made.session.signOut();
    expect(made.session.snapshot().state).toBe('signed-out');
    expect(
      await made.secrets.get(`oauth-tokens ${service.info.auth_url} ${service.info.client_id}`),
    ).toBeUndefined();
    const response = await fetch(`${service.info.base_url}/v2/projects`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(401);
  });
});
