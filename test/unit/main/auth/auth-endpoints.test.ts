import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverEndpoints, issuerProblem } from '../../../../main/auth/auth-endpoints';
import { NetworkError } from '../../../../main/http/network-error';
import { silentLogger } from '../../../../main/logging/logger';
import { InsecureAddressError } from '../../../../shared/domain/secure-address';
import type { Words } from '../../../../shared/i18n/translator';
import { englishFor } from '../../../../shared/i18n/words';

/** The English of words that must be there. */
function englishOf(said: Words | undefined): string {
  if (said === undefined) throw new Error('no words');
  return englishFor(said);
}

describe('issuerProblem (RFC 9207)', () => {
  const promising = { issuer: 'https://auth.example.com', issuerInResponses: true };
  const silent = { issuer: 'https://auth.example.com', issuerInResponses: false };

  it('accepts the configured issuer, with or without a trailing slash', () => {
    expect(issuerProblem('https://auth.example.com', promising)).toBeUndefined();
    expect(issuerProblem('https://auth.example.com/', silent)).toBeUndefined();
  });

  it('refuses another issuer whatever the metadata says', () => {
    for (const endpoints of [promising, silent])
      expect(englishOf(issuerProblem('https://evil.example.com', endpoints))).toBe(
        'The sign-in answer came from a different server than the one configured. Please try again.',
      );
  });

  it('refuses a missing issuer only when the server promises to send it', () => {
    expect(issuerProblem(undefined, promising)).toEqual({ key: 'error.signIn.issuerMissing' });
    expect(englishOf(issuerProblem(undefined, promising))).toBe(
      'The sign-in answer did not say which server sent it, although that server always does. Please try again.',
    );
    expect(issuerProblem(undefined, silent)).toBeUndefined();
  });
});

describe('discoverEndpoints', () => {
  let server: Server;
  let authUrl: string;
  let metadata: Record<string, unknown> = {};
  const agent = new Agent();

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(metadata));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await agent.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const serve = (overrides: Record<string, unknown>) => {
    metadata = {
      issuer: authUrl,
      authorization_endpoint: `${authUrl}/oauth/authorize`,
      token_endpoint: `${authUrl}/oauth/token`,
      revocation_endpoint: `${authUrl}/oauth/revoke`,
      ...overrides,
    };
  };

  it('reads the endpoints and whether every answer carries iss', async () => {
    serve({ authorization_response_iss_parameter_supported: true });
    expect(await discoverEndpoints(authUrl, agent, silentLogger)).toMatchObject({
      issuer: authUrl,
      token: `${authUrl}/oauth/token`,
      issuerInResponses: true,
    });
    serve({});
    expect(await discoverEndpoints(authUrl, agent, silentLogger)).toMatchObject({
      issuerInResponses: false,
    });
  });

  it.each([
    ['authorization', { authorization_endpoint: 'http://auth.example.com/oauth/authorize' }],
    ['token', { token_endpoint: 'http://auth.example.com:8080/oauth/token' }],
    ['revocation', { revocation_endpoint: 'http://10.0.0.7/oauth/revoke' }],
  ])('refuses a plain-http %s endpoint on another computer, naming it', async (what, overrides) => {
    serve(overrides);
    const refusal = discoverEndpoints(authUrl, agent, silentLogger);
    await expect(refusal).rejects.toBeInstanceOf(InsecureAddressError);
    await expect(refusal).rejects.toMatchObject({
      words: { key: 'error.signIn.endpointNotSecure', values: { which: what } },
    });
    await expect(refusal).rejects.toThrow(
      new RegExp(
        `^The sign-in server's ${what} address is refused\\. The address http://(auth\\.example\\.com(:8080)?|10\\.0\\.0\\.7) is not secure: use https`,
      ),
    );
  });

  it('says the server is out of reach when nothing answers, instead of guessing endpoints', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      discoverEndpoints(`http://127.0.0.1:${port}`, agent, silentLogger),
    ).rejects.toBeInstanceOf(NetworkError);
  });

  it('refuses a plain-http auth_url on another computer before sending anything', async () => {
    const asked: string[] = [];
    // Nothing may leave this computer, even when the check is missing: the dispatcher only records.
    const recording: Dispatcher = agent.compose(() => (options) => {
      asked.push(String(options.origin));
      throw new Error('no request may be sent');
    });
    await expect(
      discoverEndpoints('http://auth.example.com', recording, silentLogger),
    ).rejects.toThrow('The address http://auth.example.com is not secure: use https');
    expect(asked).toEqual([]);
  });
});
