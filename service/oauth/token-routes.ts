import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findClient, type ServiceContext } from '../context';
import { type OAuthClient, secretMatches } from './clients';
import { asParams, param, type RawParams } from './form-params';
import { OAuthError } from './oauth-error';
import { KNOWN_SCOPES, parseScope } from './scopes';

const FORM = 'application/x-www-form-urlencoded';

function formBody(request: FastifyRequest): RawParams {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith(FORM)) {
    throw new OAuthError('invalid_request', `The body must be ${FORM}`);
  }
  return asParams(request.body);
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  if (header === undefined) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match?.[1]) throw new OAuthError('invalid_client', 'Malformed Basic authorization');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'Malformed Basic authorization');
  try {
    // RFC 6749 §2.3.1: id and secret are form-encoded before Basic encoding.
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    throw new OAuthError('invalid_client', 'Malformed Basic authorization');
  }
}

/**
 * Authenticates the calling client by `client_secret_basic`, `client_secret_post`, or (public
 * clients only) `none`. Exactly one method may be used.
 * @throws OAuthError `invalid_client` (401) or `invalid_request`.
 */
function authenticateClient(
  context: ServiceContext,
  request: FastifyRequest,
  body: RawParams,
): OAuthClient {
  const basic = basicCredentials(request.headers.authorization);
  const bodyId = param(body, 'client_id');
  const bodySecret = param(body, 'client_secret');
  if (basic && bodySecret !== undefined) {
    throw new OAuthError('invalid_request', 'Use one client authentication method, not two');
  }
  if (basic && bodyId !== undefined && bodyId !== basic.id) {
    throw new OAuthError('invalid_client', 'client_id does not match the authorization header');
  }
  const id = basic?.id ?? bodyId;
  const secret = basic?.secret ?? bodySecret;
  const client = findClient(context, id);
  if (client === undefined) throw new OAuthError('invalid_client', 'Unknown client');
  if (client.secret === undefined) {
    if (secret !== undefined)
      throw new OAuthError('invalid_client', 'A public client has no secret');
    return client;
  }
  if (secret === undefined)
    throw new OAuthError('invalid_client', 'Client authentication is required');
  if (!secretMatches(client, secret))
    throw new OAuthError('invalid_client', 'Client authentication failed');
  return client;
}

/** `POST /oauth/token`, `POST /oauth/revoke` and the RFC 8414 metadata. */
export function registerTokenRoutes(app: FastifyInstance, context: ServiceContext): void {
  app.post('/oauth/token', (request, reply) => {
    const body = formBody(request);
    const grantType = param(body, 'grant_type');
    if (grantType === undefined) throw new OAuthError('invalid_request', 'grant_type is required');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      throw new OAuthError('unsupported_grant_type', `grant_type "${grantType}" is not supported`);
    }
    const client = authenticateClient(context, request, body);
    let tokens;
    if (grantType === 'authorization_code') {
      const code = param(body, 'code');
      if (code === undefined) throw new OAuthError('invalid_request', 'code is required');
      tokens = context.grants.exchangeCode(client, {
        code,
        redirectUri: param(body, 'redirect_uri'),
        codeVerifier: param(body, 'code_verifier'),
      });
    } else {
      const refreshToken = param(body, 'refresh_token');
      if (refreshToken === undefined)
        throw new OAuthError('invalid_request', 'refresh_token is required');
      const scope = param(body, 'scope');
      tokens = context.grants.refresh(client, {
        refreshToken,
        scope: scope === undefined ? undefined : parseScope(scope),
      });
    }
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send(tokens);
  });

  app.post('/oauth/revoke', (request, reply) => {
    const body = formBody(request);
    const client = authenticateClient(context, request, body);
    const token = param(body, 'token');
    if (token === undefined) throw new OAuthError('invalid_request', 'token is required');
    context.grants.revoke(client, token);
    return reply.code(200).header('cache-control', 'no-store').send({});
  });

  app.get('/.well-known/oauth-authorization-server', (_request, reply) => {
    const issuer = context.origin();
    return reply.send({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
      revocation_endpoint_auth_methods_supported: [
        'client_secret_post',
        'client_secret_basic',
        'none',
      ],
      scopes_supported: [...KNOWN_SCOPES],
      authorization_response_iss_parameter_supported: true,
    });
  });
}
