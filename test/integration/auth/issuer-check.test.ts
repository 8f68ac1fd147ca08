import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { englishFor, words } from '../../../shared/i18n/words';
import {
  approveInBrowser,
  loopbackBrowser,
  makeSession,
  ScriptedBrowser,
  type SessionKit,
} from '../../support/auth-harness';
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

/** Starts a sign-in through the custom scheme and approves it; the test plays the OS. */
async function approved() {
  const browser = new ScriptedBrowser();
  const made = makeSession(service.info, {
    browser,
    redirect: { kind: 'custom-scheme', scheme: SCHEME },
  });
  kits.push(made);
  const outcome = made.session.signIn();
  const location = new URL(await approveInBrowser(await browser.nextUrl()));
  return { made, outcome, location };
}

describe('AuthSession: the issuer of the answer (RFC 9207) against the local service', () => {
  it('gets iss from the local service, which says in its metadata that it sends it, and signs in', async () => {
    const metadata = (await (
      await fetch(`${service.info.auth_url}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(metadata['authorization_response_iss_parameter_supported']).toBe(true);
    const { made, outcome, location } = await approved();
    expect(location.searchParams.get('iss')).toBe(service.info.auth_url);
    expect(await made.session.handleDeepLink(location.href)).toEqual({ kind: 'signed-in' });
    expect(await outcome).toEqual({ ok: true });
  });

  it('refuses an answer without iss, since the server promised it, with a clear message', async () => {
    const { made, outcome, location } = await approved();
    location.searchParams.delete('iss');
    const message = words('error.signIn.issuerMissing');
    expect(englishFor(message)).toBe(
      'The sign-in answer did not say which server sent it, although that server always does. Please try again.',
    );
    expect(await made.session.handleDeepLink(location.href)).toEqual({ kind: 'failed', message });
    expect(await outcome).toEqual({ ok: false, message });
    expect(made.session.snapshot()).toMatchObject({ state: 'signed-out', message });
    // No code was exchanged: the token endpoint never heard of it.
    expect(
      made.sentForms.filter((form) => form.get('grant_type') === 'authorization_code'),
    ).toEqual([]);
  });

  it('refuses an answer whose iss names another server', async () => {
    const { made, outcome, location } = await approved();
    location.searchParams.set('iss', 'https://evil.example.com');
    expect(await made.session.handleDeepLink(location.href)).toMatchObject({ kind: 'failed' });
    const ended = await outcome;
    expect(ended).toEqual({ ok: false, message: words('error.signIn.issuerMismatch') });
    expect(ended.ok ? '' : englishFor(ended.message)).toBe(
      'The sign-in answer came from a different server than the one configured. Please try again.',
    );
  });
});

describe('AuthSession: a sign-in server that cannot be used', () => {
  it('refuses a plain-http server elsewhere with words naming it, sending nothing', async () => {
    const browser = new ScriptedBrowser();
    const made = makeSession({ ...service.info, auth_url: 'http://192.0.2.1' }, { browser });
    kits.push(made);
    const message = words('error.address.notSecure', { shown: 'http://192.0.2.1' });
    expect(englishFor(message)).toBe(
      'The address http://192.0.2.1 is not secure: use https (plain http is allowed only on this computer, 127.0.0.1 or localhost)',
    );
    expect(await made.session.signIn()).toEqual({ ok: false, message });
    expect(made.session.snapshot()).toMatchObject({ state: 'signed-out', message });
    expect(browser.opened).toEqual([]);
    expect(made.sentForms).toEqual([]);
  });

  it('says the server is out of reach, keeps the session as it was, and asks again next time', async () => {
    // Signed in earlier; a new run finds the session in the keychain (nothing discovered yet).
    const secrets = new InMemorySecretStore();
    const earlier = makeSession(service.info, { browser: loopbackBrowser(), secrets });
    kits.push(earlier);
    expect(await earlier.session.signIn()).toEqual({ ok: true });
    const made = makeSession(service.info, { browser: loopbackBrowser(), secrets });
    kits.push(made);
    expect((await made.session.restore()).state).toBe('signed-in');
    const asked = await metadataRequests();

    await service.suspend();
    let outcome;
    try {
      outcome = await made.session.signIn();
    } finally {
      await service.resume();
    }
    const message = words('error.signIn.serverUnreachable', {
      origin: new URL(service.info.auth_url).origin,
    });
    expect(englishFor(message)).toBe(
      `Could not reach the Photo Service's sign-in server at ${service.info.auth_url}. Check the address and the network connection, then try again.`,
    );
    expect(outcome).toEqual({ ok: false, message });
    expect(made.session.snapshot()).toMatchObject({ state: 'signed-in', message });

    // The failed discovery was not kept: with the server back, the same session signs in.
    expect(await made.session.signIn()).toEqual({ ok: true });
    expect(made.session.snapshot()).toMatchObject({ state: 'signed-in', message: undefined });
    expect(await metadataRequests()).toBe(asked + 1);
  });
});

/** How many times the service was asked for its sign-in metadata (any status). */
async function metadataRequests(): Promise<number> {
  const { requests } = await admin.state(service.info);
  const answers = requests['GET /.well-known/oauth-authorization-server'] ?? {};
  return Object.values(answers).reduce((sum, count) => sum + count, 0);
}
