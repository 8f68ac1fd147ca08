/** What came back from the browser, parsed. */
export type OAuthCallback =
  | {
      readonly kind: 'code';
      readonly code: string;
      readonly state: string;
      readonly issuer: string | undefined;
    }
  | {
      readonly kind: 'error';
      readonly error: string;
      readonly description: string | undefined;
      readonly state: string | undefined;
    }
  | { readonly kind: 'invalid'; readonly reason: string };

/** The path of the private-use scheme redirect: `<scheme>:/oauth/callback`. */
export const CALLBACK_PATH = '/oauth/callback';

/** The redirect URI for a private-use scheme (RFC 8252 §7.1: one slash after the colon). */
export function customSchemeRedirectUri(scheme: string): string {
  return `${scheme}:${CALLBACK_PATH}`;
}

function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  return values.length === 1 && values[0] !== '' ? values[0] : undefined;
}

/** Reads `code`/`state` or `error` from a redirect's query; every parameter must appear once. */
export function callbackFromQuery(params: URLSearchParams): OAuthCallback {
  const state = single(params, 'state');
  const error = single(params, 'error');
  if (error !== undefined) {
    return { kind: 'error', error, description: single(params, 'error_description'), state };
  }
  const code = single(params, 'code');
  if (code === undefined) return { kind: 'invalid', reason: 'the redirect has no code' };
  if (state === undefined) return { kind: 'invalid', reason: 'the redirect has no state' };
  return { kind: 'code', code, state, issuer: single(params, 'iss') };
}

/**
 * Parses a deep link handed over by the operating system (macOS `open-url`, a Windows or Linux
 * command-line argument). Only `<scheme>:/oauth/callback?…` (or `<scheme>:///oauth/callback?…`)
 * counts; anything else is `invalid` and must be ignored.
 */
export function parseDeepLink(raw: string, scheme: string): OAuthCallback {
  if (!URL.canParse(raw)) return { kind: 'invalid', reason: 'not a URL' };
  const url = new URL(raw);
  if (url.protocol !== `${scheme.toLowerCase()}:`)
    return { kind: 'invalid', reason: 'another scheme' };
  if (url.host !== '' || url.pathname !== CALLBACK_PATH)
    return { kind: 'invalid', reason: 'not the sign-in callback' };
  return callbackFromQuery(url.searchParams);
}

/** The first command-line argument that is a deep link in `scheme`, if any (Windows, Linux). */
export function deepLinkFromArgv(argv: readonly string[], scheme: string): string | undefined {
  const prefix = `${scheme.toLowerCase()}:`;
  return argv.find((arg) => arg.toLowerCase().startsWith(prefix));
}
