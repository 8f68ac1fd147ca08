import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthSession } from '../../../main/auth/auth-session';
import { FileRefreshLock } from '../../../main/auth/token-vault';
import { createHttpAgent } from '../../../main/http/http-agent';
import { createLogger, type LogRecord, Redactor } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { englishFor, words } from '../../../shared/i18n/words';
import { TestClock } from '../../fakes/test-clock';
import {
  approveInBrowser,
  makeSession,
  ScriptedBrowser,
  TEST_LOCKS_DIR,
} from '../../support/auth-harness';
import { startTestService, type TestService } from '../../support/photo-service-harness';

describe('No token, code, verifier or secret reaches logs or errors', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ autoApprove: true, accessTokenTtlSeconds: 600 });
  });
  afterAll(() => service.close());

  it('holds for a full sign-in, refreshes, a failed refresh and sign-out', async () => {
    const clock = new TestClock();
    const locations: string[] = [];
    let deliver: (location: string) => Promise<unknown> = () => Promise.resolve();
    const browser = new ScriptedBrowser(async (url) => {
      const location = await approveInBrowser(url);
      locations.push(location);
      await deliver(location);
    });
    const made = makeSession(service.info, {
      browser,
      clock,
      redirect: { kind: 'custom-scheme', scheme: 'com.photouploader.app' },
    });
    deliver = (location) => made.session.handleDeepLink(location);
    const errors: string[] = [];
    await made.session.signIn();
    clock.advance(600_000);
    await made.session.accessToken();
    clock.advance(600_000);
    const token = await made.session.accessToken();
    // A replayed callback, an unreachable server and a revoked session, all logged.
    await made.session.handleDeepLink(locations[0]!);
    await service.suspend();
    clock.advance(600_000);
    await made.session
      .accessToken()
      .catch((error: Error) =>
        errors.push(`${error.name}: ${error.message} ${String(error.stack)}`),
      );
    await service.resume();
    await fetch(`${service.info.auth_url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        client_id: service.info.client_id,
        client_secret: service.info.client_secret,
      }),
    });
    await made.session
      .accessToken()
      .catch((error: Error) =>
        errors.push(`${error.name}: ${error.message} ${String(error.stack)}`),
      );
    await made.session.signIn();
    await made.session.signOut();

    // Every secret that went over the wire, taken from what was actually sent.
    const secrets = new Set<string>([service.info.client_secret]);
    for (const form of made.sentForms) {
      for (const name of ['code', 'code_verifier', 'refresh_token', 'token', 'client_secret']) {
        const value = form.get(name);
        if (value) secrets.add(value);
      }
    }
    for (const location of locations) {
      const params = new URL(location).searchParams;
      secrets.add(params.get('code')!);
      secrets.add(params.get('state')!);
    }
    expect(secrets.size).toBeGreaterThan(8);

    const log = JSON.stringify(made.logs);
    expect(made.logs.map((record) => record.message)).toEqual(
      expect.arrayContaining([
        'sign-in started',
        'signed in',
        'session refreshed',
        'dropped a sign-in callback',
        'signed out',
      ]),
    );
    expect(errors).toHaveLength(2);
    for (const secret of secrets) {
      expect(log.includes(secret), 'a secret reached the log').toBe(false);
      for (const error of errors)
        expect(error.includes(secret), 'a secret reached an error').toBe(false);
    }
    await made.dispatcher.close();
  });

  it('masks a secret even when a message carries it by mistake', () => {
    const records: LogRecord[] = [];
    const redactor = new Redactor();
    const logger = createLogger({ sink: (record) => records.push(record), redactor });
    redactor.add('super-secret-token-value');
    logger.warn('failed with super-secret-token-value inside', {
      refresh_token: 'anything',
      status: 401,
      nested: { detail: 'x super-secret-token-value' },
    });
    expect(JSON.stringify(records)).not.toContain('super-secret-token-value');
    expect(JSON.stringify(records)).not.toContain('anything');
    expect(records[0]?.fields.status).toBe(401);
  });

  it('keeps network errors free of the endpoint query and body', async () => {
    const records: LogRecord[] = [];
    const redactor = new Redactor();
    const session = new AuthSession({
      config: {
        authUrl: 'http://127.0.0.1:9',
        clientId: 'c',
        clientSecret: 'client-secret-value-123',
        scope: 'read',
        redirect: { kind: 'loopback' },
        apiBaseUrl: undefined,
      },
      secrets: new InMemorySecretStore(),
      dispatcher: createHttpAgent(),
      browser: new ScriptedBrowser(async (url) => {
        await fetch(url).catch(() => undefined);
      }),
      clock: new TestClock(),
      logger: createLogger({ sink: (record) => records.push(record), redactor }),
      redactor,
      refreshLock: new FileRefreshLock(TEST_LOCKS_DIR),
    });
    // Nothing listens there: the sign-in ends at once, and the failure is logged.
    const outcome = await session.signIn();
    expect(outcome).toEqual({
      ok: false,
      message: words('error.signIn.serverUnreachable', { origin: 'http://127.0.0.1:9' }),
    });
    expect(outcome.ok ? '' : englishFor(outcome.message)).toContain('Could not reach');
    await session.dispose();
    const logged = JSON.stringify(records);
    expect(logged).toContain('127.0.0.1:9');
    expect(logged).not.toContain('client-secret-value-123');
    expect(logged).not.toContain('/.well-known');
  });
});
