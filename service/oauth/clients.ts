import { timingSafeEqual } from 'node:crypto';
import { opaqueToken } from '../random';

/** A registered application. A public client has no secret and must use PKCE. */
export type OAuthClient = {
  readonly id: string;
  readonly name: string;
  /** Absent for a public client. */
  readonly secret?: string;
  readonly redirectUris: readonly string[];
};

/** The two demo registrations the launcher prints. */
export type DemoClients = { readonly confidential: OAuthClient; readonly public: OAuthClient };

/** Registers a confidential and a public demo client with the given redirect URIs. */
export function createDemoClients(redirectUris: readonly string[]): DemoClients {
  return {
    confidential: {
      id: `demo-${opaqueToken().slice(0, 16)}`,
      name: 'Photo Uploader (demo)',
      secret: opaqueToken(),
      redirectUris,
    },
    public: {
      id: `demo-public-${opaqueToken().slice(0, 16)}`,
      name: 'Photo Uploader (demo, public client)',
      redirectUris,
    },
  };
}

/** Compares a presented secret with the registered one in constant time. */
export function secretMatches(client: OAuthClient, presented: string): boolean {
  if (client.secret === undefined) return false;
  const a = Buffer.from(client.secret);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

function isLoopbackIpUri(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Whether `presented` may be used as a redirect for `client`: an exact string match with a
 * registered URI, except that a loopback IP literal redirect may use any port (RFC 8252 §7.3).
 * `localhost` gets no such leeway.
 */
export function redirectUriAllowed(client: OAuthClient, presented: string): boolean {
  if (client.redirectUris.includes(presented)) return true;
  if (!URL.canParse(presented)) return false;
  const url = new URL(presented);
  if (!isLoopbackIpUri(url) || url.username !== '' || url.password !== '' || url.hash !== '') {
    return false;
  }
  return client.redirectUris.some((registered) => {
    const candidate = new URL(registered);
    return (
      isLoopbackIpUri(candidate) &&
      candidate.hostname === url.hostname &&
      candidate.pathname === url.pathname &&
      candidate.search === url.search
    );
  });
}
