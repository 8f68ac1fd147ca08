import { printable } from '../../shared/domain/printable-text';
import { insecureAddressWords, InsecureAddressError } from '../../shared/domain/secure-address';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { CertificateError, NetworkError } from '../http/network-error';
import { InsecureEndpointError } from './auth-endpoints';
import { OAuthResponseError } from './auth-errors';

// What the session tells the user about signing in, as words (issue 24 §2): the window says them
// in its language, the command line in English (`englishFor`). The logs keep their own English
// and never these values' tokens or codes.

/** The longest OAuth error code shown (RFC 6749 codes are short words like `invalid_scope`). */
export const MAX_SHOWN_CODE = 60;
/** The longest `error_description` shown: a sentence, not a page. */
export const MAX_SHOWN_DESCRIPTION = 200;

/** What the user is told when the server ended the session (or another process found it ended). */
export const SESSION_ENDED: Words = words('error.signIn.sessionEnded');

/**
 * Text a server or a browser redirect chose (an OAuth `error`, an `error_description`), as a
 * message quotes it: control and invisible characters escaped, runs of white space (new lines
 * too) as one space, half a surrogate pair as U+FFFD, at most `max` characters (an ellipsis
 * marks the cut).
 */
export function shownServiceText(text: string, max: number): string {
  const spaced = text
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replace(/\s+/gu, ' ')
    .trim();
  const shown = printable(spaced);
  const characters = Array.from(shown);
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : shown;
}

/** The refusal `code` (and the server's `description`, if it gave one) as the user reads it. */
function refused(code: string, description: string | undefined): Words {
  // An empty code is told as OAuth's catch-all (as `TokenClient` does for a body without one).
  const shownCode = shownServiceText(code, MAX_SHOWN_CODE) || 'server_error';
  const shownDescription =
    description === undefined ? '' : shownServiceText(description, MAX_SHOWN_DESCRIPTION);
  return shownDescription === ''
    ? words('error.signIn.refused', { code: shownCode })
    : words('error.signIn.refusedSaying', { code: shownCode, description: shownDescription });
}

/** What the user is told when the browser came back with an OAuth error. */
export function describeCallbackError(error: string, description: string | undefined): Words {
  if (error === 'access_denied') return words('error.signIn.declined');
  return refused(error, description);
}

/** What the user is told when the code could not be exchanged for tokens. */
export function describeExchangeError(error: unknown): Words {
  if (error instanceof OAuthResponseError) {
    if (error.code === 'invalid_grant') return words('error.signIn.codeExpired');
    if (error.code === 'invalid_client' || error.code === 'unauthorized_client')
      return words('error.signIn.clientRefused');
    return refused(error.code, undefined);
  }
  if (error instanceof CertificateError) return error.words;
  if (error instanceof NetworkError) return words('error.signIn.finishUnreachable');
  return words('error.signIn.badAnswer');
}

/**
 * What the user is told when the sign-in server could not be used: the insecure address, as
 * `InsecureAddressError` says, the untrusted certificate, or that the server at `authUrl`'s
 * origin could not be reached.
 */
export function describeDiscoveryError(error: unknown, authUrl: string): Words {
  if (error instanceof CertificateError) return error.words;
  if (error instanceof InsecureEndpointError) return error.words;
  // Otherwise the configured address itself was refused: said from it.
  const refusal = insecureAddressWords(authUrl);
  if (error instanceof InsecureAddressError) return refusal ?? badServer(authUrl);
  // An address that does not parse is refused before anything is sent: said the same way here.
  if (refusal !== undefined) return refusal;
  return error instanceof NetworkError
    ? words('error.signIn.serverUnreachable', { origin: new URL(authUrl).origin })
    : badServer(authUrl);
}

/** That signing in could not start with the server at `authUrl` (a secure, parsed address). */
function badServer(authUrl: string): Words {
  // Origin only: a user name, password or path in the configured address is never shown.
  return URL.canParse(authUrl)
    ? words('error.signIn.serverFailed', { origin: new URL(authUrl).origin })
    : words('error.address.notAddress');
}
