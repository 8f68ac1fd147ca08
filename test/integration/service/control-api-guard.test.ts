import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPhotoService } from '../../../service/photo-service';
import {
  admin,
  adminFetch,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';
import { rawHttp } from '../../support/raw-http';

/** The project names the service holds, read with the right token. */
async function projectNames(service: TestService): Promise<string[]> {
  return (await admin.state(service.info)).projects.map((project) => project.name);
}

describe('Local Photo Service: the control API’s token', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('publishes a random base64url token of at least 128 bits with the admin URL', async () => {
    const token = service.info.admin_token ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const other = await startTestService();
    try {
      expect(other.info.admin_token).not.toBe(token);
    } finally {
      await other.close();
    }
  });

  it('answers 401 with a Bearer challenge and a JSON error when the token is missing', async () => {
    const fault = { route: 'GET /v2/projects', action: 'status', status: 503 };
    expect((await admin.post(service.info, '/faults', fault)).status).toBe(201);
    for (const [method, path, body] of [
      ['GET', '/state', undefined],
      ['GET', '/idle', undefined],
      ['POST', '/projects', '{"name":"Sneaky"}'],
      ['POST', '/reset', '{}'],
      ['POST', '/clock', '{"advance_seconds":601}'],
      ['DELETE', '/faults', undefined],
    ] as const) {
      const response = await fetch(`${service.info.admin_url}${path}`, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body }),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="/);
      expect(((await response.json()) as { errors: string[] }).errors[0]).toMatch(/admin_token/);
    }
    const state = (await (await adminFetch(service.info, '/state')).json()) as {
      projects: { name: string }[];
      faults: unknown[];
      clock_offset_ms: number;
    };
    expect(state.projects.map((project) => project.name)).not.toContain('Sneaky');
    expect(state.faults).toHaveLength(1);
    expect(state.clock_offset_ms).toBe(0);
    await adminFetch(service.info, '/faults', { method: 'DELETE' });
  });

  it('answers 401 to a wrong token, a token under another scheme and a token in the query', async () => {
    const token = service.info.admin_token ?? '';
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const [authorization, query] of [
      [`Bearer ${wrong}`, ''],
      [`Bearer ${token}x`, ''],
      ['Bearer ', ''],
      [`Basic ${token}`, ''],
      [token, ''],
      [undefined, `?access_token=${token}`],
    ] as const) {
      const response = await fetch(`${service.info.admin_url}/projects${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(authorization === undefined ? {} : { authorization }),
        },
        body: '{"name":"Guessed"}',
      });
      expect(response.status, authorization ?? query).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
    }
    expect(await projectNames(service)).not.toContain('Guessed');
  });

  it('does what it is asked with the token from the launch info', async () => {
    const created = await adminFetch(service.info, '/projects', { body: { name: 'Depot 9' } });
    expect(created.status).toBe(201);
    expect(await projectNames(service)).toContain('Depot 9');
    const lowerScheme = await fetch(`${service.info.admin_url}/idle`, {
      headers: { authorization: `bearer ${service.info.admin_token}` },
    });
    expect(lowerScheme.status).toBe(200);
  });

  it('takes a token chosen by the embedding code, and refuses a guessable one', async () => {
    const chosen = 'chosen-token-with-enough-entropy-0123456789';
    const embedded = await startPhotoService({ admin: true, adminToken: chosen });
    try {
      expect(embedded.info.admin_token).toBe(chosen);
      const answer = await fetch(`${embedded.info.admin_url}/state`, {
        headers: { authorization: `Bearer ${chosen}` },
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).not.toContain(chosen);
    } finally {
      await embedded.close();
    }
    await expect(startPhotoService({ admin: true, adminToken: 'short' })).rejects.toThrow(
      /at least 22 base64url characters/,
    );
  });

  it('publishes no token without --admin', async () => {
    const plain = await startTestService({ admin: false });
    try {
      expect(plain.info.admin_token).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('Local Photo Service: what the control API accepts besides the token', () => {
  let service: TestService;
  let authorization: string;
  let port: string;
  beforeAll(async () => {
    service = await startTestService();
    authorization = `Bearer ${service.info.admin_token}`;
    port = new URL(service.info.base_url).port;
  });
  afterAll(() => service.close());

  it('answers 415 to a form post or a text/plain body, even with the token, and does nothing', async () => {
    for (const [contentType, body] of [
      ['application/x-www-form-urlencoded', 'name=Form+Depot'],
      ['text/plain', '{"name":"Form Depot"}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nForm Depot\r\n--x--',
      ],
    ] as const) {
      const response = await fetch(`${service.info.admin_url}/projects`, {
        method: 'POST',
        headers: { authorization, 'content-type': contentType },
        body,
      });
      expect(response.status, contentType).toBe(415);
      expect(((await response.json()) as { errors: string[] }).errors[0]).toMatch(/JSON/);
    }
    expect(await projectNames(service)).not.toContain('Form Depot');
    const charset = await fetch(`${service.info.admin_url}/projects`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json; charset=utf-8' },
      body: '{"name":"Json Depot"}',
    });
    expect(charset.status).toBe(201);
  });

  it('answers 403 to a foreign Origin and accepts its own', async () => {
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${Number(port) + 1}`]) {
      const response = await fetch(`${service.info.admin_url}/projects`, {
        method: 'POST',
        headers: { authorization, origin, 'content-type': 'application/json' },
        body: '{"name":"Cross-site Depot"}',
      });
      expect(response.status, origin).toBe(403);
    }
    expect(await projectNames(service)).not.toContain('Cross-site Depot');
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const response = await fetch(`${service.info.admin_url}/state`, {
        headers: { authorization, origin },
      });
      expect(response.status, origin).toBe(200);
    }
  });

  it('answers 421 when Host names another server (DNS rebinding), token or not', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`]) {
      const answer = await rawHttp(`${service.info.admin_url}/state`, {
        headers: { host, authorization },
      });
      expect(answer.status, host).toBe(421);
      expect(answer.body.toString()).not.toContain('"projects"');
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const answer = await rawHttp(`${service.info.admin_url}/state`, {
        headers: { host, authorization },
      });
      expect(answer.status, host).toBe(200);
    }
  });
});
