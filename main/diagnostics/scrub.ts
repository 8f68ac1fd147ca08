/** What every scrubbed value is replaced with. */
export const SCRUBBED = '[redacted]';

/**
 * Names whose values are secrets wherever they appear as `name=value` (a query string, a form
 * body, a header parameter) or as `"name": "value"` (JSON): OAuth tokens and codes, client
 * secrets, S3 keys and the parts of a signed URL that would let someone reuse it.
 */
const SECRET_NAMES = [
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'code_verifier',
  'code',
  'state',
  'password',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
  'Signature',
  'Credential',
  'AWSAccessKeyId',
  'accessKeyId',
  'secretAccessKey',
  'sessionToken',
  'refreshToken',
  'accessToken',
  'clientSecret',
];

const names = SECRET_NAMES.join('|');

/**
 * `name=value` and `name%3Dvalue` (a URL inside a URL): the value runs to the next separator.
 * The name must not continue a longer word (`barcode=` is not `code=`), but may follow `_`, `-`
 * or `.` only when that is part of a listed name (so `X-Amz-Signature` is matched whole).
 */
const ASSIGNED = new RegExp(`(?<![A-Za-z0-9_])(${names})(=|%3D)[^&\\s"'<>,;()\\[\\]{}\\\\]+`, 'gi');

/** `"name": "value"` and `'name': 'value'` (JSON, or a logged object). */
const QUOTED = new RegExp(`(["'])(${names})\\1(\\s*:\\s*)(["'])(?:(?!\\4)[^\\\\]|\\\\.)*\\4`, 'gi');

/** `Bearer xyz`, `Basic xyz` (the client id and secret), in a header or an error message. */
const AUTH_SCHEME = /\b(Bearer|Basic)(\s+)[A-Za-z0-9\-._~+/]+=*/gi;

/**
 * `text` with every token, code, client secret, S3 key and signed-URL signature it may hold
 * replaced by `[redacted]`. Applied to every file that goes into a diagnostics archive, on top
 * of the process's `Redactor` (which masks the secrets it knows by value, as they are logged):
 * this pass catches them by their shape, including any logged before the process knew them.
 */
export function scrubForDiagnostics(text: string): string {
  return text
    .replace(ASSIGNED, (_match, name: string, equals: string) => `${name}${equals}${SCRUBBED}`)
    .replace(
      QUOTED,
      (_match, quote: string, name: string, colon: string) =>
        `${quote}${name}${quote}${colon}"${SCRUBBED}"`,
    )
    .replace(
      AUTH_SCHEME,
      (_match, scheme: string, space: string) => `${scheme}${space}${SCRUBBED}`,
    );
}
