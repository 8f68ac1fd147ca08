import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  api,
  authorize,
  LOOPBACK_REDIRECT,
  pkcePair,
  postForm,
  redirectParams,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';

describe('Local Photo Service: code exchange', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ autoApprove: true });
  });
  afterAll(() => service.close());

  async function code(
    options: { publicClient?: boolean; challenge?: string } = {},
  ): Promise<string> {
    const response = await authorize(service.info, {
      client_id: options.publicClient ? service.info.public_client_id : service.info.client_id,
      redirect_uri: LOOPBACK_REDIRECT,
      response_type: 'code',
      scope: 'read write',
      state: 's',
      code_challenge: options.challenge,
      code_challenge_method: options.challenge ? 'S256' : undefined,
    });
    return redirectParams(response).get('code') ?? '';
  }

  const exchange = (
    form: Record<string, string | undefined>,
    basic?: { id: string; secret: string },
  ) =>
    postForm(
      service.info,
      '/oauth/token',
      { grant_type: 'authorization_code', redirect_uri: LOOPBACK_REDIRECT, ...form },
      basic,
    );

  it('issues a bearer token pair to a confidential client (client_secret_post)', async () => {
    const answer = await exchange({
      code: await code(),
      client_id: service.info.client_id,
      client_secret: service.info.client_secret,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 7200,
      scope: 'read write',
    });
    expect(answer.body.access_token).toEqual(expect.any(String));
    expect(answer.body.refresh_token).toEqual(expect.any(String));
    expect(answer.body.created_at).toEqual(expect.any(Number));
  });

  it('accepts client_secret_basic', async () => {
    const answer = await exchange(
      { code: await code() },
      { id: service.info.client_id, secret: service.info.client_secret },
    );
    expect(answer.status).toBe(200);
  });

  it('refuses a wrong secret with 401 invalid_client', async () => {
    const answer = await exchange({
      code: await code(),
      client_id: service.info.client_id,
      client_secret: 'wrong',
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('invalid_client');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const basic = await exchange(
      { code: await code() },
      { id: service.info.client_id, secret: 'wrong' },
    );
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toContain('Basic');
  });

  it('refuses a confidential client that does not authenticate', async () => {
    const answer = await exchange({ code: await code(), client_id: service.info.client_id });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('invalid_client');
  });

  it('serves a public client with PKCE and no secret', async () => {
    const pkce = pkcePair();
    const answer = await exchange({
      code: await code({ publicClient: true, challenge: pkce.challenge }),
      client_id: service.info.public_client_id,
      code_verifier: pkce.verifier,
    });
    expect(answer.status).toBe(200);
  });

  it('refuses a PKCE mismatch with invalid_grant', async () => {
    const pkce = pkcePair();
    const answer = await exchange({
      code: await code({ challenge: pkce.challenge }),
      client_id: service.info.client_id,
      client_secret: service.info.client_secret,
      code_verifier: pkcePair().verifier,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
    const missing = await exchange({
      code: await code({ challenge: pkce.challenge }),
      client_id: service.info.client_id,
      client_secret: service.info.client_secret,
    });
    expect(missing.body.error).toBe('invalid_grant');
  });

  it('refuses a code_verifier when no challenge was sent (no PKCE downgrade)', async () => {
    const answer = await exchange({
      code: await code(),
      client_id: service.info.client_id,
      client_secret: service.info.client_secret,
      code_verifier: pkcePair().verifier,
    });
    expect(answer.body.error).toBe('invalid_grant');
  });

  it('refuses a redirect_uri other than the authorized one', async () => {
    const answer = await exchange({
      code: await code(),
      client_id: service.info.client_id,
      client_secret: service.info.client_secret,
      redirect_uri: 'http://127.0.0.1:1/callback',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
  });

  it('uses a code once; a reuse also revokes the tokens it issued', async () => {
    const theCode = await code();
    const form = {
      code: theCode,
      client_id: service.info.client_id,
      client_secret: service.info.client_secret,
    };
    const first = await exchange(form);
    const token = String(first.body.access_token);
    expect((await api(service.info, token, 'GET', '/v2/projects')).status).toBe(200);
    const again = await exchange(form);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect((await api(service.info, token, 'GET', '/v2/projects')).status).toBe(401);
    const refreshed = await postForm(service.info, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: String(first.body.refresh_token),
      client_id: service.info.client_id,
      client_secret: service.info.client_secret,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('lets a code expire after 600 seconds (by the admin clock)', async () => {
    const fresh = await code();
    await admin.post(service.info, '/clock', { advance_seconds: 601 });
    const answer = await exchange({
      code: fresh,
      client_id: service.info.client_id,
      client_secret: service.info.client_secret,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
    expect(answer.body.error_description).toMatch(/expired/);
  });

  it('answers RFC 6749 errors for malformed token requests', async () => {
    const unsupported = await postForm(service.info, '/oauth/token', {
      grant_type: 'password',
      client_id: service.info.client_id,
      client_secret: service.info.client_secret,
    });
    expect([unsupported.status, unsupported.body.error]).toEqual([400, 'unsupported_grant_type']);
    const noGrant = await postForm(service.info, '/oauth/token', {
      client_id: service.info.client_id,
    });
    expect(noGrant.body.error).toBe('invalid_request');
    const json = await fetch(`${service.info.auth_url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', code: 'x' }),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
    const repeated = await fetch(`${service.info.auth_url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&grant_type=refresh_token',
    });
    expect(((await repeated.json()) as { error: string }).error).toBe('invalid_request');
  });
});
