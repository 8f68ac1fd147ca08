import { z } from 'zod';

/**
 * The WHATWG URL parser, which every runtime of the app has (Node, Chromium). shared/ compiles
 * without Node or DOM types, so only the part used here is declared. The same parser as the HTTP
 * client's matters: a hand-written one could read another host out of `http://a\@127.0.0.1`.
 */
declare const URL: {
  canParse(input: string): boolean;
  new (input: string): {
    readonly protocol: string;
    readonly host: string;
    readonly hostname: string;
  };
};

/** Thrown for an address that would send tokens or photos over plain http to another computer. */
export class InsecureAddressError extends Error {
  override readonly name = 'InsecureAddressError';
  readonly code = 'insecure-address';
}

/**
 * Whether a hostname, as the WHATWG parser gives it (lower case, IPv4 in dotted decimal, IPv6 in
 * brackets), is this computer: 127.0.0.0/8, ::1 or `localhost`.
 */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** The longest address accepted for the service, its sign-in, the photo store or published photos. */
export const MAX_ADDRESS_LENGTH = 2048;

/**
 * Why `address` may not be used for the service, its sign-in, the photo store or published
 * photos, or `undefined` when it may: `https:` always, `http:` only on this computer. The
 * message names the address by scheme and host only, so a user name, password or query in it
 * never reaches a message or a log.
 */
export function insecureAddressReason(address: string): string | undefined {
  // Checked first, so that an address of megabytes is never parsed, stored or shown.
  if (address.length > MAX_ADDRESS_LENGTH)
    return `This address is ${address.length} characters long; an address may have at most ${MAX_ADDRESS_LENGTH}.`;
  // Not repeated: an address that does not parse may still hold a user name or password.
  if (!URL.canParse(address))
    return 'This is not a web address (such as https://photos.example.com)';
  const url = new URL(address);
  const shown = `${url.protocol}//${url.host}`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return `The address ${shown} is not a web address: use https`;
  if (isLoopbackHostname(url.hostname)) return undefined;
  return `The address ${shown} is not secure: use https (plain http is allowed only on this computer, 127.0.0.1 or localhost)`;
}

/**
 * Checks that `address` is `https:`, or `http:` on this computer (see `insecureAddressReason`),
 * and returns it unchanged.
 * @throws InsecureAddressError whose message names the address otherwise.
 */
export function requireSecureAddress(address: string): string {
  const reason = insecureAddressReason(address);
  if (reason !== undefined) throw new InsecureAddressError(reason);
  return address;
}

/**
 * A zod schema for an address the app sends tokens or photos to: a URL that
 * `insecureAddressReason` accepts, with its reason as the issue's message otherwise.
 */
export const secureAddressSchema = z.string().superRefine((address, context) => {
  const reason = insecureAddressReason(address);
  if (reason !== undefined) context.addIssue({ code: 'custom', message: reason });
});
