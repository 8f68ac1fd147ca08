import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The names a client on this machine reaches a loopback server by. A page that uses DNS
 * rebinding to point its own name (say `evil.example`) at 127.0.0.1 still sends its own name in
 * `Host`, so accepting only these names shuts it out; none of them can be an attacker's name.
 */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** Every `Host` value that names the loopback server on `port`, e.g. `127.0.0.1:4000`. */
export function ownHosts(port: number): readonly string[] {
  const withPort = LOOPBACK_NAMES.map((name) => `${name}:${port}`);
  // Clients leave the port out of Host when it is the scheme's default.
  return port === 80 ? [...withPort, ...LOOPBACK_NAMES] : withPort;
}

/** Whether a `Host` header (absent, repeated or foreign ones are not) names this server. */
export function isOwnHost(host: string | string[] | undefined, port: number): boolean {
  if (typeof host !== 'string') return false;
  return ownHosts(port).includes(host.toLowerCase());
}

/** Whether an `Origin` header is this server's own origin (`http://` and one of its hosts). */
export function isOwnOrigin(origin: string, port: number): boolean {
  return ownHosts(port).some((host) => origin.toLowerCase() === `http://${host}`);
}

/** The port of an origin such as `http://127.0.0.1:4000`. */
export function portOf(origin: string): number {
  const url = new URL(origin);
  return url.port === '' ? 80 : Number(url.port);
}

/** The plain sentence a refused `Host` gets, naming the addresses that work. */
export function misdirectedMessage(port: number): string {
  return `This local service answers only at ${ownHosts(port)
    .map((host) => `http://${host}`)
    .join(', ')}; the request named another host.`;
}

/**
 * A route hook that answers 421 Misdirected Request unless `Host` names this server: the
 * defence against DNS rebinding for the routes a hostile page could otherwise read through the
 * browser (the browse page, photo files, the control API).
 */
export function requireOwnHost(origin: () => string) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> => {
    const port = portOf(origin());
    if (isOwnHost(request.headers.host, port)) return undefined;
    return reply.code(421).send({ errors: [misdirectedMessage(port)] });
  };
}
