import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoServiceOptions } from '../../../service/options';
import {
  admin,
  api,
  refresh,
  signIn,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';

const CREATE = 'POST /v2/projects/:project_id/photos';

let service: TestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function start(options: Partial<PhotoServiceOptions> = {}) {
  service = await startTestService({ autoApprove: true, ...options });
  const token = (await signIn(service.info)).access_token;
  const project = service.info.projects[0]!.id;
  const s = service;
  const create = () =>
    api(s.info, token, 'POST', `/v2/projects/${project}/photos`, {
      photo: { uri: 'http://192.0.2.1/a.jpg', captured_at: 1_600_000_000 },
    });
  return { s, token, project, create };
}

async function causeCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? 'failed';
  }
  return 'answered';
}

describe('Local Photo Service: fault injection', () => {
  it('"status" answers the status without effect, then stops after `times`', async () => {
    const { s, create } = await start();
    await admin.post(s.info, '/faults', { route: CREATE, action: 'status', status: 503, times: 1 });
    const faulted = await create();
    expect(faulted.status).toBe(503);
    expect(faulted.body).toEqual({ errors: ['Injected fault: 503'] });
    expect((await create()).status).toBe(201);
    const state = await admin.state(s.info);
    expect(state.photos).toHaveLength(1);
    expect(state.requests[CREATE]).toEqual({ '201': 1, '503': 1 });
  });

  it('"status" on the token endpoint answers in the OAuth error shape', async () => {
    const { s } = await start();
    await admin.post(s.info, '/faults', {
      route: 'POST /oauth/token',
      action: 'status',
      status: 503,
    });
    const answer = await fetch(`${s.info.auth_url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token',
    });
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: string }).error).toBe('temporarily_unavailable');
  });

  it('"delay" holds the answer and then handles the request', async () => {
    const { s, create } = await start();
    await admin.post(s.info, '/faults', {
      route: CREATE,
      action: 'delay',
      delay_ms: 400,
      times: 1,
    });
    const started = Date.now();
    expect((await create()).status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('"drop-before-commit" cuts the connection and nothing is created', async () => {
    const { s, create } = await start();
    await admin.post(s.info, '/faults', { route: CREATE, action: 'drop-before-commit', times: 1 });
    expect(await causeCode(create())).not.toBe('answered');
    const state = await admin.state(s.info);
    expect(state.photos).toHaveLength(0);
    expect(state.requests[CREATE]).toEqual({ dropped: 1 });
  });

  it('"drop-after-commit" keeps the photo but the client never hears of it', async () => {
    const { s, create } = await start();
    await admin.post(s.info, '/faults', { route: CREATE, action: 'drop-after-commit', times: 1 });
    expect(await causeCode(create())).not.toBe('answered');
    const state = await admin.state(s.info);
    expect(state.photos).toHaveLength(1);
    expect(state.requests[CREATE]).toEqual({ dropped: 1 });
  });

  it('"reset" aborts the connection with a TCP reset', async () => {
    const { s, create } = await start();
    await admin.post(s.info, '/faults', { route: CREATE, action: 'reset', times: 1 });
    expect(await causeCode(create())).toBe('ECONNRESET');
    expect((await admin.state(s.info)).photos).toHaveLength(0);
  });

  it('draws by probability and matches "*" for every route', async () => {
    const { s, create } = await start();
    await admin.post(s.info, '/faults', {
      route: CREATE,
      action: 'status',
      status: 500,
      probability: 0,
    });
    expect((await create()).status).toBe(201);
    await admin.post(s.info, '/faults', {
      rules: [{ route: '*', action: 'status', status: 502, times: 2 }],
    });
    expect((await create()).status).toBe(502);
    expect((await api(s.info, undefined, 'GET', '/v2/projects')).status).toBe(502);
    expect((await create()).status).toBe(201);
  });

  it('refuses malformed fault rules', async () => {
    const { s } = await start();
    expect((await admin.post(s.info, '/faults', { route: CREATE, action: 'status' })).status).toBe(
      400,
    );
    expect((await admin.post(s.info, '/faults', { route: CREATE, action: 'explode' })).status).toBe(
      400,
    );
  });

  it('stops answering during an outage and answers again after it', async () => {
    const { s, create } = await start();
    await s.suspend();
    // A pooled connection may fail first as a closed socket; a new one is refused.
    expect(await causeCode(create())).not.toBe('answered');
    expect(await causeCode(create())).toBe('ECONNREFUSED');
    await s.resume();
    expect((await create()).status).toBe(201);
  });
});

describe('Local Photo Service: rate limits', () => {
  it('allows 100 writes per window per token, then 429 without Retry-After', async () => {
    const { s, create } = await start({ rateWindowMs: 60_000 });
    const statuses: number[] = [];
    for (let i = 0; i < 101; i += 1) statuses.push((await create()).status);
    expect(statuses.slice(0, 100).every((status) => status === 201)).toBe(true);
    const limited = await create();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(limited.body).toEqual({ errors: ['Rate limit exceeded'] });
    // Reads have their own budget.
    expect(
      (await api(s.info, (await signIn(s.info)).access_token, 'GET', '/v2/projects')).status,
    ).toBe(200);
    await admin.post(s.info, '/clock', { advance_ms: 60_001 });
    expect((await create()).status).toBe(201);
  });

  it('allows 240 reads per window and sends Retry-After when asked to', async () => {
    const { s, token } = await start({ retryAfter: true, rateWindowMs: 30_000 });
    for (let i = 0; i < 240; i += 1) {
      expect((await api(s.info, token, 'GET', '/v2/projects')).status).toBe(200);
    }
    const limited = await api(s.info, token, 'GET', '/v2/projects');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
  });

  it('keeps the budget across a refresh (limits follow the grant, not the token string)', async () => {
    service = await startTestService({ autoApprove: true, writeLimit: 3 });
    const s = service;
    const tokens = await signIn(s.info);
    const project = s.info.projects[0]!.id;
    const create = (token: string) =>
      api(s.info, token, 'POST', `/v2/projects/${project}/photos`, {
        photo: { uri: 'http://192.0.2.1/a.jpg', captured_at: 1_600_000_000 },
      });
    for (let i = 0; i < 3; i += 1) expect((await create(tokens.access_token)).status).toBe(201);
    const renewed = await refresh(s.info, tokens.refresh_token);
    expect((await create(String(renewed.body.access_token))).status).toBe(429);
    // Another sign-in is another grant with its own budget.
    expect((await create((await signIn(s.info)).access_token)).status).toBe(201);
  });

  it('does not limit with --rate-limit off', async () => {
    const { create } = await start({ rateLimit: false, writeLimit: 2 });
    for (let i = 0; i < 5; i += 1) expect((await create()).status).toBe(201);
  });
});

describe('Local Photo Service: control API', () => {
  it('is absent without --admin', async () => {
    service = await startTestService({ admin: false });
    expect(service.info.admin_url).toBeNull();
    for (const [method, path] of [
      ['GET', '/__admin/state'],
      ['POST', '/__admin/faults'],
      ['POST', '/__admin/reset'],
      ['POST', '/__admin/projects'],
      ['POST', '/__admin/clock'],
    ] as const) {
      const response = await fetch(`${service.info.base_url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(response.status, path).toBe(404);
    }
  });

  it('creates projects, resets photos and faults, and keeps sign-ins unless asked', async () => {
    const { s, token, create } = await start();
    const created = (await (
      await admin.post(s.info, '/projects', { name: 'New Depot', address: { city: 'Denver' } })
    ).json()) as { id: string; name: string };
    expect(created.name).toBe('New Depot');
    const found = (await api(s.info, token, 'GET', '/v2/projects?query=denver')).body as {
      id: string;
    }[];
    expect(found.map((project) => project.id)).toEqual([created.id]);
    await create();
    await admin.post(s.info, '/faults', { route: CREATE, action: 'status', status: 500 });
    expect((await admin.post(s.info, '/reset', {})).status).toBe(200);
    const state = await admin.state(s.info);
    expect(state.photos).toEqual([]);
    expect(state.projects.map((project) => project.name)).not.toContain('New Depot');
    expect((await api(s.info, token, 'GET', '/v2/projects')).status).toBe(200);
    await admin.post(s.info, '/reset', { tokens: true });
    expect((await api(s.info, token, 'GET', '/v2/projects')).status).toBe(401);
  });

  it('counts requests by route and status', async () => {
    const { s, token } = await start();
    await api(s.info, token, 'GET', '/v2/projects');
    await api(s.info, token, 'GET', '/v2/photos/missing');
    const state = await admin.state(s.info);
    expect(state.requests['GET /v2/projects']).toEqual({ '200': 1 });
    expect(state.requests['GET /v2/photos/:id']).toEqual({ '404': 1 });
    expect(state.requests['POST /oauth/token']).toEqual({ '200': 1 });
  });
});
