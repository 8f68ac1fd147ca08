import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  LOOPBACK_REDIRECT,
  pkcePair,
  postForm,
  redirectParams,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';

const APP_REDIRECT = 'com.photouploader.app:/oauth/callback';

describe('Local Photo Service: authorization endpoint (auto-approve)', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ autoApprove: true });
  });
  afterAll(() => service.close());

  const base = () => ({
    client_id: service.info.client_id,
    redirect_uri: APP_REDIRECT,
    response_type: 'code',
    scope: 'read write',
    state: 'xyz',
  });

  it('publishes RFC 8414 metadata with S256 and the three client auth methods', async () => {
    const response = await fetch(`${service.info.auth_url}/.well-known/oauth-authorization-server`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: service.info.auth_url,
      authorization_endpoint: `${service.info.auth_url}/oauth/authorize`,
      token_endpoint: `${service.info.auth_url}/oauth/token`,
      revocation_endpoint: `${service.info.auth_url}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_post', 'client_secret_basic', 'none']),
    );
  });

  it('redirects to a custom-scheme callback with code, state and iss', async () => {
    const response = await authorize(service.info, base());
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith(`${APP_REDIRECT}?`)).toBe(true);
    const params = redirectParams(response);
    expect(params.get('code')).toMatch(/^[\w-]{40,}$/);
    expect(params.get('state')).toBe('xyz');
    expect(params.get('iss')).toBe(service.info.auth_url);
  });

  it('shows an error page and never redirects for an unknown client', async () => {
    const response = await authorize(service.info, { ...base(), client_id: 'nobody' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('not registered');
  });

  it('shows an error page and never redirects for an unregistered redirect URI', async () => {
    for (const redirect of [
      'com.evil.app:/oauth/callback',
      `${APP_REDIRECT}/extra`,
      'http://localhost:5000/callback',
      'http://127.0.0.1:5000/other',
      'https://127.0.0.1/callback',
    ]) {
      const response = await authorize(service.info, { ...base(), redirect_uri: redirect });
      expect(response.status, redirect).toBe(400);
      expect(response.headers.get('location'), redirect).toBeNull();
    }
  });

  it('lets a loopback IP redirect change its port, and only its port', async () => {
    const response = await authorize(service.info, {
      ...base(),
      redirect_uri: 'http://127.0.0.1:61999/callback',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(
      /^http:\/\/127\.0\.0\.1:61999\/callback\?code=/,
    );
  });

  it('redirects other errors with error, error_description and state', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'read admin' }, 'invalid_scope'],
      [{ scope: undefined }, 'invalid_request'],
      [{ code_challenge: pkcePair().challenge, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: 'too-short', code_challenge_method: 'S256' }, 'invalid_request'],
    ];
    for (const [change, error] of cases) {
      const response = await authorize(service.info, { ...base(), ...change });
      expect(response.status).toBe(302);
      const params = redirectParams(response);
      expect(params.get('error'), JSON.stringify(change)).toBe(error);
      expect(params.get('error_description')).toBeTruthy();
      expect(params.get('state')).toBe('xyz');
      expect(params.get('code')).toBeNull();
    }
  });

  it('requires PKCE from the public client', async () => {
    const without = await authorize(service.info, {
      ...base(),
      client_id: service.info.public_client_id,
    });
    expect(redirectParams(without).get('error')).toBe('invalid_request');
    const pkce = pkcePair();
    const withPkce = await authorize(service.info, {
      ...base(),
      client_id: service.info.public_client_id,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    expect(redirectParams(withPkce).get('code')).toBeTruthy();
  });

  it('accepts plus-separated and granular scopes and grants what was asked', async () => {
    const url = `${service.info.auth_url}/oauth/authorize?client_id=${service.info.client_id}&redirect_uri=${encodeURIComponent(LOOPBACK_REDIRECT)}&response_type=code&scope=read+photos:write&state=s`;
    const response = await fetch(url, { redirect: 'manual' });
    const code = redirectParams(response).get('code') ?? '';
    const answer = await postForm(service.info, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: LOOPBACK_REDIRECT,
      client_id: service.info.client_id,
      client_secret: service.info.client_secret,
    });
    expect(answer.body.scope).toBe('read photos:write');
  });
});

describe('Local Photo Service: consent page', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  async function consent(): Promise<{ html: string; transaction: string }> {
    const response = await authorize(service.info, {
      client_id: service.info.client_id,
      redirect_uri: APP_REDIRECT,
      response_type: 'code',
      scope: 'read write',
      state: 'st',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await response.text();
    const transaction = /name="transaction_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
    return { html, transaction };
  }

  it('names the app and the scopes, with Approve and Deny', async () => {
    const { html } = await consent();
    expect(html).toContain('Photo Uploader (demo)');
    expect(html).toContain('<code>read</code>');
    expect(html).toContain('<code>write</code>');
    expect(html).toContain('>Approve</button>');
    expect(html).toContain('>Deny</button>');
  });

  it('redirects with a code on Approve, once', async () => {
    const { transaction: second } = await consent();
    const response = await fetch(`${service.info.auth_url}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ transaction_id: second, decision: 'approve' }),
    });
    expect(response.status).toBe(303);
    expect(redirectParams(response).get('code')).toBeTruthy();
    expect(redirectParams(response).get('state')).toBe('st');
    const replay = await fetch(`${service.info.auth_url}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ transaction_id: second, decision: 'approve' }),
    });
    expect(replay.status).toBe(400);
    expect(replay.headers.get('location')).toBeNull();
  });

  it('redirects with access_denied on Deny', async () => {
    const { transaction } = await consent();
    const response = await fetch(`${service.info.auth_url}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ transaction_id: transaction, decision: 'deny' }),
    });
    const params = redirectParams(response);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('st');
    expect(params.get('code')).toBeNull();
  });
});
