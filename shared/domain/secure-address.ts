import { z } from 'zod';
import type { Words } from '../i18n/translator';
import { englishFor, words } from '../i18n/words';

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
 * Why the app will not send tokens or photos to `address`, as words (a catalog key and its
 * values), or undefined when it may: https, or http only on this computer.
 */
export function insecureAddressWords(address: string): Words | undefined {
  // Checked first, so that an address of megabytes is never parsed, stored or shown.
  if (address.length > MAX_ADDRESS_LENGTH)
    return words('error.address.tooLong', { length: address.length, max: MAX_ADDRESS_LENGTH });
  // Not repeated: an address that does not parse may still hold a user name or password.
  if (!URL.canParse(address)) return words('error.address.notAddress');
  const url = new URL(address);
  const shown = `${url.protocol}//${url.host}`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return words('error.address.notWeb', { shown });
  if (isLoopbackHostname(url.hostname)) return undefined;
  return words('error.address.notSecure', { shown });
}

/** {@link insecureAddressWords} in English (the command line's and the logs' words). */
export function insecureAddressReason(address: string): string | undefined {
  const said = insecureAddressWords(address);
  return said === undefined ? undefined : englishFor(said);
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
  const said = insecureAddressWords(address);
  // The words travel with the issue, so the window can say it in its language.
  if (said !== undefined)
    context.addIssue({ code: 'custom', message: englishFor(said), params: { words: said } });
});
