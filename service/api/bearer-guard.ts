import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ServiceContext } from '../context';
import { satisfies, type ScopeRequirement } from '../oauth/scopes';
import type { RequestKind } from './rate-limiter';

const REALM = 'Bearer realm="Photo Service"';

function unauthorized(reply: FastifyReply, description?: string) {
  const challenge =
    description === undefined
      ? REALM
      : `${REALM}, error="invalid_token", error_description="${description}"`;
  // The real service often answers 401 with an empty body; clients must cope.
  return reply.code(401).header('www-authenticate', challenge).send('');
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * A pre-handler that lets a request through only with a live bearer token holding one of the
 * `required` scopes, and within the token's rate limit for `kind`.
 */
export function bearerGuard(
  context: ServiceContext,
  required: ScopeRequirement,
  kind: RequestKind,
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const token = bearerToken(request);
    if (token === undefined) return unauthorized(reply);
    const check = context.grants.authenticate(token);
    if (!check.ok) return unauthorized(reply, check.description);
    if (!satisfies(check.scope, required)) {
      return reply
        .code(403)
        .header(
          'www-authenticate',
          `${REALM}, error="insufficient_scope", scope="${required.join(' ')}"`,
        )
        .send({ errors: [`This call needs one of the scopes: ${required.join(', ')}`] });
    }
    const decision = context.limiter.take(check.grantId, kind);
    if (!decision.allowed) {
      if (context.options.retryAfter)
        reply.header('retry-after', String(decision.retryAfterSeconds));
      return reply.code(429).send({ errors: ['Rate limit exceeded'] });
    }
    return undefined;
  };
}
