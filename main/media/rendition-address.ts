import { lookup as systemLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Where the service is, as far as the rendition rules go. */
export type RenditionNetwork = {
  /**
   * The service's API is on this computer (the local service, demo mode): its renditions may
   * come over plain http from this computer too.
   */
  readonly serviceOnLoopback: boolean;
};

/** One address a host name resolves to. */
export type ResolvedAddress = { readonly address: string; readonly family: 4 | 6 };

/** Resolves a host name to its addresses (the system's resolver; a fake one in tests). */
export type AddressResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system's resolver, as a connection would use it (every address, in the system's order). */
export const systemResolver: AddressResolver = async (hostname) =>
  (await systemLookup(hostname, { all: true, order: 'verbatim' })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * The addresses a rendition of a service elsewhere may never come from: this computer, the
 * private networks, link-local (where cloud metadata services answer), and the other ranges
 * that are not the public internet. A rendition address is the service's to choose, so without
 * this a service (or whoever controls its answers) could make main fetch from the user's LAN.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses (::10.0.0.1)
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): maps to whatever network the site chose
  ['2001::', 32], // Teredo: tunnels to a client whose address is hidden in it
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still private)
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/**
 * IPv6 ranges that carry an IPv4 address, and where: a connection to one reaches that IPv4
 * address (through a NAT64 gateway, or a 6to4 relay), so it is judged by it.
 */
const CARRIES_IPV4 = [
  { network: '64:ff9b::', prefix: 96, firstGroup: 6 }, // NAT64, well-known prefix: the last 32 bits
  { network: '2002::', prefix: 16, firstGroup: 1 }, // 6to4: the 32 bits after the prefix
].map(({ network, prefix, firstGroup }) => {
  const range = new BlockList();
  range.addSubnet(network, prefix, 'ipv6');
  return { range, firstGroup };
});

/** The eight 16-bit groups of an IPv6 address (valid, without brackets). */
function ipv6Groups(address: string): number[] {
  // The URL parser spells it canonically: lower-case hex, one `::` at most, no dotted quad.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The IPv4 address an IPv6 address carries (NAT64, 6to4), if it carries one. */
function carriedIpv4(address: string): string | undefined {
  for (const { range, firstGroup } of CARRIES_IPV4) {
    if (!range.check(address, 'ipv6')) continue;
    const groups = ipv6Groups(address);
    const high = groups[firstGroup] ?? 0;
    const low = groups[firstGroup + 1] ?? 0;
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return undefined;
}

/**
 * Whether `address` (an IP address, IPv6 without brackets) is on the public internet. An
 * IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is judged by its IPv4 address, and so is one that
 * carries an IPv4 address to a gateway (NAT64 `64:ff9b::10.0.0.1`, 6to4 `2002:0a00:0001::`).
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')) return false;
  const carried = family === 6 ? carriedIpv4(address) : undefined;
  return carried === undefined || isPublicAddress(carried);
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** A name that always means this computer (RFC 6761), whatever a resolver says. */
function isLocalhostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/** The reason a rendition address of a service elsewhere names a non-public address. */
export const NOT_PUBLIC_REASON = 'a private, loopback or link-local address';

/**
 * Why main may not fetch a rendition from `raw`, in a few words for the log; undefined when it
 * may. Always: a web address without a user name or password, over https. Plain http only to
 * this computer, and only when the service itself is on this computer (the local service). For a
 * service elsewhere, an address that names this computer, a private or a link-local address is
 * refused here; a host name is checked when it is resolved (see `publicOnlyLookup`).
 */
export function renditionAddressProblem(
  raw: string,
  network: RenditionNetwork,
): string | undefined {
  if (!URL.canParse(raw)) return 'not a web address';
  const url = new URL(raw);
  if (url.username !== '' || url.password !== '') return 'an address with a user name or password';
  if (url.protocol === 'http:') {
    if (!isLoopbackHost(url.hostname)) return 'plain http to another computer';
    if (!network.serviceOnLoopback) return 'plain http, for a service that is not on this computer';
    return undefined;
  }
  if (url.protocol !== 'https:' || url.hostname === '') return 'not a web address';
  if (network.serviceOnLoopback) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return isPublicAddress(host) ? undefined : NOT_PUBLIC_REASON;
  return isLocalhostName(host) ? NOT_PUBLIC_REASON : undefined;
}

/** Thrown (to the connection) when a rendition's host name resolves to a refused address. */
export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
  readonly code = 'ERR_RENDITION_REFUSED_ADDRESS';
}

/**
 * A `lookup` for the rendition fetcher's direct connections: resolves the name with `resolve`
 * and, for a service that is not on this computer, refuses the connection when any address is
 * not public. The connection is made to the addresses checked here (this is the lookup the
 * socket itself uses), so a name that answers a public address to one lookup and a private one
 * to the next (DNS rebinding) cannot slip between a check and the connection. Requests through a
 * proxy are resolved by the proxy; an IP address in the URL is checked by
 * `renditionAddressProblem` (a socket does not look it up).
 */
export function publicOnlyLookup(
  resolve: AddressResolver,
  network: () => RenditionNetwork,
): LookupFunction {
  return (hostname, options, callback) => {
    const answer = async (): Promise<readonly ResolvedAddress[]> => {
      const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
      const addresses = (await resolve(hostname)).filter(
        (resolved) => wanted === undefined || resolved.family === wanted,
      );
      if (addresses.length === 0)
        throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
      if (
        !network().serviceOnLoopback &&
        addresses.some((found) => !isPublicAddress(found.address))
      )
        throw new RefusedAddressError(`${hostname} resolves to ${NOT_PUBLIC_REASON}`);
      return addresses;
    };
    answer().then(
      (addresses) => {
        if (options.all === true)
          callback(
            null,
            addresses.map(({ address, family }) => ({ address, family })),
          );
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), '', 0),
    );
  };
}
