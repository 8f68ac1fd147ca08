import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerFactory,
} from 'fastify';
import { registerAdminRoutes } from './admin/admin-routes';
import type { FaultRule, RouteKey } from './admin/fault-rules';
import { ApiError } from './api/api-error';
import { registerPhotoRoutes } from './api/photo-routes';
import { registerProjectRoutes } from './api/project-routes';
import type { ServiceContext } from './context';
import { registerAuthorizeRoutes } from './oauth/authorize-routes';
import { OAuthError } from './oauth/oauth-error';
import { registerTokenRoutes } from './oauth/token-routes';
import { registerBrowseRoutes } from './pages/browse-routes';

const routeKeys = new WeakMap<FastifyRequest, RouteKey>();
const dropAfterCommit = new WeakSet<FastifyRequest>();

function routeKeyOf(request: FastifyRequest): RouteKey {
  return `${request.method} ${request.routeOptions.url ?? '(unmatched)'}`;
}

function isOAuthPath(url: string): boolean {
  return url.startsWith('/oauth/') || url.startsWith('/.well-known/');
}

function isAdminPath(url: string): boolean {
  return url.startsWith('/__admin');
}

/** Answers an injected `status` fault in the error shape of the route family. */
function faultBody(request: FastifyRequest, status: number): object {
  if (isOAuthPath(request.url)) {
    return { error: 'temporarily_unavailable', error_description: `Injected fault: ${status}` };
  }
  return { errors: [`Injected fault: ${status}`] };
}

async function applyFault(
  context: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  rule: FaultRule,
): Promise<FastifyReply | undefined> {
  const route = routeKeys.get(request) ?? routeKeyOf(request);
  switch (rule.action) {
    case 'status':
      return reply.code(rule.status ?? 500).send(faultBody(request, rule.status ?? 500));
    case 'delay':
      await new Promise((resolve) => setTimeout(resolve, rule.delay_ms ?? 0));
      return undefined;
    case 'drop-before-commit':
      context.stats.record(route, 'dropped');
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    case 'reset':
      context.stats.record(route, 'reset');
      reply.hijack();
      request.raw.socket.resetAndDestroy();
      return reply;
    case 'drop-after-commit':
      dropAfterCommit.add(request);
      return undefined;
  }
}

function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof OAuthError) {
    if (error.code === 'invalid_client')
      reply.header('www-authenticate', 'Basic realm="Photo Service"');
    return reply
      .code(error.status)
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send({ error: error.code, error_description: error.description });
  }
  if (error instanceof ApiError) return reply.code(error.status).send({ errors: error.messages });
  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ errors: ['Internal server error'] });
  }
  // Fastify's own refusals (malformed JSON, wrong content type, body too large).
  const message = status === 415 ? 'Unsupported content type' : error.message;
  if (isOAuthPath(request.url)) {
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({ error: 'invalid_request', error_description: message });
  }
  return reply.code(status === 415 ? 400 : status).send({ errors: [message] });
}

/**
 * Builds the HTTP application of the local Photo Service: OAuth server, v2 API, file and browse
 * pages, and (with `admin`) the control API, with fault injection and request counting around
 * every route but the control API's own.
 */
export async function buildApp(
  context: ServiceContext,
  serverFactory: FastifyServerFactory,
): Promise<FastifyInstance> {
  // The caller owns the HTTP server so that it can stop and start listening (outages in tests).
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, serverFactory });
  await app.register(formbody);

  app.addHook('onRequest', async (request, reply) => {
    if (isAdminPath(request.url)) return undefined;
    const route = routeKeyOf(request);
    routeKeys.set(request, route);
    const rule = context.faults.draw(route);
    return rule ? applyFault(context, request, reply, rule) : undefined;
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (dropAfterCommit.has(request)) {
      // The handler ran and its effect is kept; the client never hears the answer.
      context.stats.record(routeKeys.get(request) ?? routeKeyOf(request), 'dropped');
      request.raw.socket.destroy();
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = routeKeys.get(request);
    if (route === undefined || dropAfterCommit.has(request)) return;
    context.stats.record(route, reply.statusCode);
  });

  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    if (isOAuthPath(request.url)) {
      return reply.code(404).send({ error: 'invalid_request', error_description: 'Not found' });
    }
    return reply.code(404).send({ errors: ['Not found'] });
  });

  registerAuthorizeRoutes(app, context);
  registerTokenRoutes(app, context);
  registerProjectRoutes(app, context);
  registerPhotoRoutes(app, context);
  registerBrowseRoutes(app, context);
  if (context.options.admin) registerAdminRoutes(app, context);
  return app;
}
