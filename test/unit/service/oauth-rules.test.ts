import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redirectUriAllowed, type OAuthClient } from '../../../service/oauth/clients';
import { OAuthError } from '../../../service/oauth/oauth-error';
import { isS256Challenge, verifierMatches } from '../../../service/oauth/pkce';
import { parseScope, READ_PHOTOS, satisfies } from '../../../service/oauth/scopes';

const client: OAuthClient = {
  id: 'c',
  name: 'App',
  redirectUris: [
    'com.example.app:/oauth/callback',
    'http://127.0.0.1/callback',
    'http://localhost:8080/cb',
  ],
};

describe('redirectUriAllowed', () => {
  it('matches registered URIs exactly', () => {
    expect(redirectUriAllowed(client, 'com.example.app:/oauth/callback')).toBe(true);
    expect(redirectUriAllowed(client, 'com.example.app:/oauth/callback?x=1')).toBe(false);
    expect(redirectUriAllowed(client, 'COM.EXAMPLE.APP:/oauth/callback')).toBe(false);
    expect(redirectUriAllowed(client, 'http://localhost:8080/cb')).toBe(true);
    expect(redirectUriAllowed(client, 'http://localhost:8081/cb')).toBe(false);
  });

  it('lets loopback IP redirects use any port, nothing else', () => {
    expect(redirectUriAllowed(client, 'http://127.0.0.1:49152/callback')).toBe(true);
    expect(redirectUriAllowed(client, 'http://127.0.0.1:49152/callback/')).toBe(false);
    expect(redirectUriAllowed(client, 'http://127.0.0.1:49152/callback?x=1')).toBe(false);
    expect(redirectUriAllowed(client, 'http://127.0.0.2:49152/callback')).toBe(false);
    expect(redirectUriAllowed(client, 'http://user@127.0.0.1:49152/callback')).toBe(false);
    expect(redirectUriAllowed(client, 'not a uri')).toBe(false);
  });
});

describe('parseScope', () => {
  it('splits on spaces and literal plus signs and removes repeats', () => {
    expect(parseScope('read write')).toEqual(['read', 'write']);
    expect(parseScope('read+write+read')).toEqual(['read', 'write']);
    expect(parseScope(' photos:read  photos:write ')).toEqual(['photos:read', 'photos:write']);
  });

  it('refuses a missing or unknown scope', () => {
    expect(() => parseScope(undefined)).toThrow(OAuthError);
    expect(() => parseScope('read admin')).toThrow(/Unknown scope: admin/);
  });

  it('grants a route when any of its scopes is held', () => {
    expect(satisfies(['read'], READ_PHOTOS)).toBe(true);
    expect(satisfies(['photos:read'], READ_PHOTOS)).toBe(true);
    expect(satisfies(['write'], READ_PHOTOS)).toBe(false);
  });
});

describe('PKCE S256', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  it('matches the RFC 7636 appendix B example', () => {
    expect(challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(isS256Challenge(challenge)).toBe(true);
    expect(verifierMatches(verifier, challenge)).toBe(true);
  });

  it('refuses a different or malformed verifier', () => {
    expect(verifierMatches(`${verifier.slice(0, -1)}Y`, challenge)).toBe(false);
    expect(verifierMatches('short', challenge)).toBe(false);
    expect(verifierMatches(`${verifier}!`, challenge)).toBe(false);
  });
});
