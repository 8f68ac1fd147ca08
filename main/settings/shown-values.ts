import { mapTileOrigin } from '../../shared/domain/map-tiles';
import { escapedCharacter, printable } from '../../shared/domain/printable-text';

// Values as a question to the user shows them (the native confirmation of a settings change or a
// setup file, the command line's prompt): whoever chose the value (a compromised window, the
// sender of a setup file) cannot write their own words into the question.

/**
 * Quotation marks, straight and curly, and the ones the translated questions quote with (German
 * „…“, French « … »): a value that held one could close its own quotes.
 */
const QUOTATION_MARKS = /["“”„‟‘’‚‛'«»‹›]/gu;

/**
 * A value as a question shows it, quoted by the caller: on one line, control, bidirectional and
 * invisible characters and quotation marks escaped, cut to 80 characters (a bucket
 * `acme” at AWS S3 (routine re-check; choose Change) “` stays one quoted value).
 */
export function shownValue(value: string): string {
  const escaped = printable(value).replace(QUOTATION_MARKS, escapedCharacter);
  return escaped.length > 80 ? `${escaped.slice(0, 79)}…` : escaped;
}

/**
 * An address as a question shows it: its origin only (scheme, host and port, the host as the
 * WHATWG parser spells it, so an international name shows as `xn--…`), through the printable
 * filter. A path, a query, a fragment or a user name in it could carry words of the sender's
 * choosing ("…/ok-this-is-your-usual-server"); the origin is what decides where requests go.
 */
export function shownOrigin(address: string): string {
  if (!URL.canParse(address)) return 'an address that cannot be read';
  const url = new URL(address);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'an address that is not a web address';
  return printable(url.origin);
}

/** The origin of a map tile address template, as a question shows it (see `shownOrigin`). */
export function shownTileOrigin(template: string): string {
  const origin = mapTileOrigin(template);
  return origin === undefined ? 'an address that cannot be read' : shownOrigin(origin);
}
