import type { FastifyInstance, FastifyReply } from 'fastify';
import { findClient, type ServiceContext } from '../context';
import { escapeHtml } from '../../shared/domain/escape-html';
import { renderPage, sendPage } from '../pages/html';
import { opaqueToken } from '../random';
import { type OAuthClient, redirectUriAllowed } from './clients';
import { asParams, param, type RawParams } from './form-params';
import { OAuthError } from './oauth-error';
import { isS256Challenge } from './pkce';
import { parseScope, type Scope } from './scopes';

/** A validated authorization request waiting for the user's decision on the consent page. */
type PendingRequest = {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly scope: readonly Scope[];
  readonly state: string | undefined;
  readonly codeChallenge: string | undefined;
  readonly expiresAtMs: number;
};

const CONSENT_TTL_MS = 10 * 60_000;

const SCOPE_WORDS: Record<Scope, string> = {
  read: 'See your projects and photos',
  write: 'Add photos and change their descriptions',
  destroy: 'Delete photos',
  'projects:read': 'See your projects',
  'photos:read': 'See your photos',
  'photos:write': 'Add photos and change their descriptions',
};

/** Thrown where the client or redirect cannot be trusted: shown as a page, never redirected. */
class UntrustedRequest extends Error {}

function redirectTo(
  reply: FastifyReply,
  redirectUri: string,
  params: Record<string, string | undefined>,
  status = 302,
) {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) target.searchParams.set(name, value);
  }
  return reply.code(status).header('cache-control', 'no-store').redirect(target.href, status);
}

function errorPage(reply: FastifyReply, message: string) {
  return sendPage(
    reply,
    400,
    renderPage(
      'Sign-in request refused',
      `<h1>This sign-in request cannot be completed</h1><div class="card"><p>${escapeHtml(message)}</p><p>Return to the application and try again.</p></div>`,
    ),
  );
}

function consentPage(transactionId: string, request: PendingRequest): string {
  const scopes = request.scope
    .map((scope) => `<li>${escapeHtml(SCOPE_WORDS[scope])} <code>${escapeHtml(scope)}</code></li>`)
    .join('');
  return renderPage(
    'Authorize application',
    `<h1>Authorize ${escapeHtml(request.client.name)}?</h1>
     <div class="card"><p><strong>${escapeHtml(request.client.name)}</strong> asks to use your Photo Service account. It will be able to:</p><ul>${scopes}</ul>
     <form method="post" action="/oauth/authorize">
       <input type="hidden" name="transaction_id" value="${escapeHtml(transactionId)}">
       <button class="approve" type="submit" name="decision" value="approve">Approve</button>
       <button class="deny" type="submit" name="decision" value="deny">Deny</button>
     </form></div>`,
  );
}

/** Checks client and redirect first: failures there must never redirect (RFC 6749 §4.1.2.1). */
function trustedTarget(context: ServiceContext, params: RawParams) {
  let clientId: string | undefined;
  let redirectUri: string | undefined;
  try {
    clientId = param(params, 'client_id');
    redirectUri = param(params, 'redirect_uri');
  } catch {
    throw new UntrustedRequest('client_id and redirect_uri must appear once.');
  }
  const client = findClient(context, clientId);
  if (client === undefined)
    throw new UntrustedRequest('The application (client_id) is not registered.');
  if (redirectUri === undefined) throw new UntrustedRequest('The request has no redirect_uri.');
  if (!redirectUriAllowed(client, redirectUri)) {
    throw new UntrustedRequest('The redirect_uri is not registered for this application.');
  }
  return { client, redirectUri };
}

function validateRequest(
  context: ServiceContext,
  client: OAuthClient,
  redirectUri: string,
  params: RawParams,
): PendingRequest {
  const responseType = param(params, 'response_type');
  if (responseType !== 'code') {
    throw new OAuthError('unsupported_response_type', 'response_type must be "code"');
  }
  const scope = parseScope(param(params, 'scope'));
  const challenge = param(params, 'code_challenge');
  const method = param(params, 'code_challenge_method');
  if (challenge === undefined) {
    if (method !== undefined)
      throw new OAuthError('invalid_request', 'code_challenge_method without code_challenge');
    if (client.secret === undefined) {
      throw new OAuthError(
        'invalid_request',
        'PKCE (code_challenge with S256) is required for public clients',
      );
    }
  } else {
    if (method !== 'S256')
      throw new OAuthError('invalid_request', 'code_challenge_method must be S256');
    if (!isS256Challenge(challenge))
      throw new OAuthError('invalid_request', 'code_challenge is malformed');
  }
  return {
    client,
    redirectUri,
    scope,
    state: param(params, 'state'),
    codeChallenge: challenge,
    expiresAtMs: context.clock.nowMs() + CONSENT_TTL_MS,
  };
}

function approve(
  context: ServiceContext,
  reply: FastifyReply,
  request: PendingRequest,
  status: number,
) {
  const code = context.grants.issueCode({
    clientId: request.client.id,
    redirectUri: request.redirectUri,
    scope: request.scope,
    codeChallenge: request.codeChallenge,
  });
  return redirectTo(
    reply,
    request.redirectUri,
    { code, state: request.state, iss: context.origin() },
    status,
  );
}

/** `GET /oauth/authorize` (consent page or, with auto-approve, a direct redirect) and the decision. */
export function registerAuthorizeRoutes(app: FastifyInstance, context: ServiceContext): void {
  const pending = new Map<string, PendingRequest>();

  app.get('/oauth/authorize', (request, reply) => {
    const params = asParams(request.query);
    let target;
    try {
      target = trustedTarget(context, params);
    } catch (error) {
      if (error instanceof UntrustedRequest) return errorPage(reply, error.message);
      throw error;
    }
    let state: string | undefined;
    try {
      state = param(params, 'state');
      const validated = validateRequest(context, target.client, target.redirectUri, params);
      if (context.options.autoApprove) return approve(context, reply, validated, 302);
      const transactionId = opaqueToken();
      pending.set(transactionId, validated);
      return sendPage(reply, 200, consentPage(transactionId, validated));
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return redirectTo(reply, target.redirectUri, {
        error: error.code,
        error_description: error.description,
        state,
        iss: context.origin(),
      });
    }
  });

  app.post('/oauth/authorize', (request, reply) => {
    const params = asParams(request.body);
    const transactionId = param(params, 'transaction_id') ?? '';
    const pendingRequest = pending.get(transactionId);
    pending.delete(transactionId);
    if (pendingRequest === undefined || context.clock.nowMs() >= pendingRequest.expiresAtMs) {
      return errorPage(reply, 'This sign-in request expired or was already answered.');
    }
    if (param(params, 'decision') === 'approve')
      return approve(context, reply, pendingRequest, 303);
    return redirectTo(
      reply,
      pendingRequest.redirectUri,
      {
        error: 'access_denied',
        error_description: 'The user denied access',
        state: pendingRequest.state,
        iss: context.origin(),
      },
      303,
    );
  });
}
