import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  approveInBrowser,
  makeSession,
  ScriptedBrowser,
  type SessionKit,
} from '../../support/auth-harness';
import { startTestService, type TestService } from '../../support/photo-service-harness';

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
    const message =
      'The sign-in answer did not say which server sent it, although that server always does. Please try again.';
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
    expect(await outcome).toEqual({
      ok: false,
      message:
        'The sign-in answer came from a different server than the one configured. Please try again.',
    });
  });
});

describe('AuthSession: plain http to another computer', () => {
  it('refuses to sign in to a plain-http server elsewhere, naming its address', async () => {
    const made = makeSession(
      { ...service.info, auth_url: 'http://auth.invalid' },
      { browser: new ScriptedBrowser() },
    );
    kits.push(made);
    await expect(made.session.signIn()).rejects.toThrow(
      'The address http://auth.invalid is not secure: use https (plain http is allowed only on this computer, 127.0.0.1 or localhost)',
    );
  });
});
