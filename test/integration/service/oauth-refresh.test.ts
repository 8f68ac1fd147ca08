import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoServiceOptions } from '../../../service/options';
import {
  admin,
  api,
  postForm,
  refresh,
  signIn,
  startTestService,
  type TestService,
  type Tokens,
} from '../../support/photo-service-harness';

let service: TestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function start(options: Partial<PhotoServiceOptions>): Promise<TestService> {
  service = await startTestService({ autoApprove: true, ...options });
  return service;
}

const projects = (s: TestService, token: string) => api(s.info, token, 'GET', '/v2/projects');

describe('Local Photo Service: refresh with immediate rotation', () => {
  it('returns a new pair each time and refuses the old refresh token at once', async () => {
    const s = await start({ rotation: 'immediate' });
    const first = await signIn(s.info);
    const second = await refresh(s.info, first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    const reused = await refresh(s.info, first.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('revokes the whole grant when a dead refresh token is replayed (RFC 9700)', async () => {
    const s = await start({ rotation: 'immediate' });
    const first = await signIn(s.info);
    const second = (await refresh(s.info, first.refresh_token)).body as unknown as Tokens;
    await refresh(s.info, first.refresh_token);
    expect((await projects(s, second.access_token)).status).toBe(401);
    expect((await refresh(s.info, second.refresh_token)).body.error).toBe('invalid_grant');
  });
});

describe('Local Photo Service: refresh with on-first-use rotation', () => {
  it('keeps the old refresh token alive until the new access token is first used', async () => {
    const s = await start({ rotation: 'on-first-use' });
    const first = await signIn(s.info);
    const second = (await refresh(s.info, first.refresh_token)).body as unknown as Tokens;
    // Answer lost? The client may still use the old refresh token.
    const retry = await refresh(s.info, first.refresh_token);
    expect(retry.status).toBe(200);
    const third = retry.body as unknown as Tokens;
    expect((await projects(s, third.access_token)).status).toBe(200);
    const dead = await refresh(s.info, first.refresh_token);
    expect(dead.body.error).toBe('invalid_grant');
    expect(second.refresh_token).not.toBe(third.refresh_token);
  });
});

describe('Local Photo Service: access tokens', () => {
  it('expires access tokens after expires_in (admin clock) with a WWW-Authenticate challenge', async () => {
    const s = await start({ accessTokenTtlSeconds: 60 });
    const tokens = await signIn(s.info);
    expect(tokens.expires_in).toBe(60);
    expect((await projects(s, tokens.access_token)).status).toBe(200);
    await admin.post(s.info, '/clock', { advance_seconds: 61 });
    const expired = await projects(s, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="Photo Service", error="invalid_token"/,
    );
    expect(expired.headers.get('www-authenticate')).toContain('expired');
    const renewed = (await refresh(s.info, tokens.refresh_token)).body as unknown as Tokens;
    expect((await projects(s, renewed.access_token)).status).toBe(200);
  });

  it('answers 401 without an error code when no token is sent, and for a bad one', async () => {
    const s = await start({});
    const none = await api(s.info, undefined, 'GET', '/v2/projects');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="Photo Service"');
    const bad = await api(s.info, 'not-a-token', 'GET', '/v2/projects');
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('enforces scopes: read for GET, write for POST (403 insufficient_scope)', async () => {
    const s = await start({});
    const reader = await signIn(s.info, { scope: 'read' });
    const project = s.info.projects[0]!.id;
    const write = await api(s.info, reader.access_token, 'POST', `/v2/projects/${project}/photos`, {
      photo: {},
    });
    expect(write.status).toBe(403);
    expect(write.headers.get('www-authenticate')).toContain('insufficient_scope');
    const writer = await signIn(s.info, { scope: 'write' });
    expect((await projects(s, writer.access_token)).status).toBe(403);
    const granular = await signIn(s.info, { scope: 'projects:read' });
    expect((await projects(s, granular.access_token)).status).toBe(200);
  });
});

describe('Local Photo Service: revocation (RFC 7009)', () => {
  it('revokes the grant behind a refresh token: API and refresh both refused', async () => {
    const s = await start({});
    const tokens = await signIn(s.info);
    const answer = await postForm(s.info, '/oauth/revoke', {
      token: tokens.refresh_token,
      client_id: s.info.client_id,
      client_secret: s.info.client_secret,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    expect((await projects(s, tokens.access_token)).status).toBe(401);
    expect((await refresh(s.info, tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('answers 200 for an unknown token and 401 for a bad client', async () => {
    const s = await start({});
    const unknown = await postForm(s.info, '/oauth/revoke', {
      token: 'nope',
      client_id: s.info.client_id,
      client_secret: s.info.client_secret,
    });
    expect(unknown.status).toBe(200);
    const badClient = await postForm(s.info, '/oauth/revoke', {
      token: 'nope',
      client_id: s.info.client_id,
      client_secret: 'x',
    });
    expect(badClient.status).toBe(401);
  });

  it('lets the public client revoke its own tokens with its client_id alone', async () => {
    const s = await start({});
    const tokens = await signIn(s.info, { publicClient: true });
    await postForm(s.info, '/oauth/revoke', {
      token: tokens.access_token,
      client_id: s.info.public_client_id,
    });
    expect((await projects(s, tokens.access_token)).status).toBe(401);
  });
});
