import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOwnHost, isOwnOrigin, misdirectedMessage, portOf } from '../own-host';

/** Bytes of randomness in a generated control-API token (256 bits; at least 128 are needed). */
const TOKEN_BYTES = 32;
/** Shortest token the embedding code may pass in: 22 base64url characters carry 128 bits. */
const MIN_TOKEN_LENGTH = 22;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** A fresh random control-API token, base64url. */
export function generateAdminToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * Checks a token the embedding code chose (it must be as hard to guess as a generated one and
 * fit in a Bearer header), and returns it.
 * @throws Error naming what is wrong with it.
 */
export function checkedAdminToken(token: string): string {
  if (token.length < MIN_TOKEN_LENGTH || !TOKEN68.test(token)) {
    throw new Error(
      `The control-API token must be at least ${MIN_TOKEN_LENGTH} base64url characters (128 bits)`,
    );
  }
  return token;
}

/** Constant-time comparison; hashing first hides the length as well as the content. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The token of an `Authorization: Bearer …` header (scheme case-insensitive), if any. */
function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1];
}

/** Whether the request carries a body (or says what kind of body it carries). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') ||
    request.headers['transfer-encoding'] !== undefined ||
    request.headers['content-type'] !== undefined
  );
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

const REALM = 'Bearer realm="Photo Service control API"';

/**
 * The gate in front of every `/__admin` route, run before the body is read:
 * - `Host` must name this server (421), against DNS rebinding;
 * - an `Origin`, when sent, must be this server's own (403), so no other page drives it;
 * - `Authorization: Bearer <admin_token>` must match (401 with `WWW-Authenticate: Bearer`);
 * - a body must be `application/json` (415): forms and text/plain are what a hostile page can
 *   send cross-site without a preflight.
 */
export function adminGuard(origin: () => string, adminToken: string) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> => {
    const port = portOf(origin());
    if (!isOwnHost(request.headers.host, port)) {
      return reply.code(421).send({ errors: [misdirectedMessage(port)] });
    }
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== undefined && !isOwnOrigin(requestOrigin, port)) {
      return reply
        .code(403)
        .send({ errors: ['The control API answers only requests from its own origin.'] });
    }
    const presented = bearerToken(request.headers.authorization);
    if (presented === undefined) {
      return reply
        .code(401)
        .header('www-authenticate', REALM)
        .send({
          errors: [
            'The control API needs "Authorization: Bearer <admin_token>", with the admin_token of the launch line.',
          ],
        });
    }
    if (!sameToken(presented, adminToken)) {
      return reply
        .code(401)
        .header('www-authenticate', `${REALM}, error="invalid_token"`)
        .send({ errors: ['The control-API token is wrong.'] });
    }
    if (hasBody(request) && !isJson(request.headers['content-type'])) {
      return reply.code(415).send({
        errors: ['The control API takes JSON bodies only (Content-Type: application/json).'],
      });
    }
    return undefined;
  };
}
