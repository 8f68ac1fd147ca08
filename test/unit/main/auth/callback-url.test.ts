import { describe, expect, it } from 'vitest';
import {
  callbackFromQuery,
  customSchemeRedirectUri,
  deepLinkFromArgv,
  parseDeepLink,
} from '../../../../main/auth/callback-url';

const SCHEME = 'com.photouploader.app';

describe('parseDeepLink', () => {
  it('reads code, state and iss from the app-scheme callback', () => {
    expect(
      parseDeepLink(`${SCHEME}:/oauth/callback?code=abc&state=xyz&iss=http%3A%2F%2Fauth`, SCHEME),
    ).toEqual({
      kind: 'code',
      code: 'abc',
      state: 'xyz',
      issuer: 'http://auth',
    });
    expect(parseDeepLink(`${SCHEME}:///oauth/callback?code=abc&state=xyz`, SCHEME).kind).toBe(
      'code',
    );
    expect(
      parseDeepLink(`COM.PhotoUploader.App:/oauth/callback?code=abc&state=xyz`, SCHEME).kind,
    ).toBe('code');
  });

  it('reads an error answer', () => {
    expect(
      parseDeepLink(
        `${SCHEME}:/oauth/callback?error=access_denied&error_description=No&state=s`,
        SCHEME,
      ),
    ).toEqual({
      kind: 'error',
      error: 'access_denied',
      description: 'No',
      state: 's',
    });
  });

  it('refuses other schemes, paths, hosts, and repeated or missing parameters', () => {
    for (const link of [
      'com.other.app:/oauth/callback?code=a&state=b',
      `${SCHEME}:/oauth/other?code=a&state=b`,
      `${SCHEME}://oauth/callback?code=a&state=b`,
      `${SCHEME}:/oauth/callback?code=a&code=b&state=c`,
      `${SCHEME}:/oauth/callback?state=c`,
      `${SCHEME}:/oauth/callback?code=a`,
      'http://127.0.0.1/oauth/callback?code=a&state=b',
      'garbage',
    ]) {
      expect(parseDeepLink(link, SCHEME).kind, link).toBe('invalid');
    }
  });

  it('finds the deep link among command-line arguments', () => {
    expect(
      deepLinkFromArgv(
        ['/usr/bin/app', '--flag', `${SCHEME}:/oauth/callback?code=a&state=b`],
        SCHEME,
      ),
    ).toBe(`${SCHEME}:/oauth/callback?code=a&state=b`);
    expect(deepLinkFromArgv(['/usr/bin/app', '--flag'], SCHEME)).toBeUndefined();
  });

  it('builds the RFC 8252 redirect with one slash', () => {
    expect(customSchemeRedirectUri(SCHEME)).toBe(`${SCHEME}:/oauth/callback`);
  });

  it('reads a loopback query the same way', () => {
    expect(callbackFromQuery(new URLSearchParams('code=a&state=b'))).toEqual({
      kind: 'code',
      code: 'a',
      state: 'b',
      issuer: undefined,
    });
  });
});
