import { describe, expect, it } from 'vitest';
import { TokenResponseError } from '../../../../main/auth/auth-errors';
import {
  parseStoredSession,
  parseTokenResponse,
  serializeSession,
} from '../../../../main/auth/token-set';

const context = { receivedAt: 1_000_000, requestedScope: 'read write' };

describe('parseTokenResponse', () => {
  it('reads the spec answer and computes the expiry from expires_in', () => {
    expect(
      parseTokenResponse(
        {
          access_token: 'a',
          token_type: 'bearer',
          expires_in: 7200,
          refresh_token: 'r',
          scope: 'read',
        },
        context,
      ),
    ).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 1_000_000 + 7_200_000,
      receivedAt: 1_000_000,
      scope: 'read',
    });
  });

  it('compares token_type case-insensitively and defaults the scope to the requested one', () => {
    expect(
      parseTokenResponse(
        { access_token: 'a', token_type: 'Bearer', expires_in: 60, refresh_token: 'r' },
        context,
      ).scope,
    ).toBe('read write');
  });

  it('keeps the previous refresh token when a refresh answer omits it (RFC 6749 §6)', () => {
    expect(
      parseTokenResponse(
        { access_token: 'a', token_type: 'bearer' },
        { ...context, previousRefreshToken: 'old' },
      ),
    ).toMatchObject({
      refreshToken: 'old',
      expiresAt: undefined,
    });
  });

  it('refuses other token types, missing fields and a first answer without a refresh token', () => {
    expect(() =>
      parseTokenResponse({ access_token: 'a', token_type: 'mac', refresh_token: 'r' }, context),
    ).toThrow(TokenResponseError);
    expect(() => parseTokenResponse({ token_type: 'bearer' }, context)).toThrow(TokenResponseError);
    expect(() => parseTokenResponse({ access_token: 'a', token_type: 'bearer' }, context)).toThrow(
      /no refresh token/,
    );
    expect(() => parseTokenResponse('<html>', context)).toThrow(TokenResponseError);
  });
});

describe('stored sessions', () => {
  it('round-trips tokens and the needs-sign-in marker', () => {
    const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: 5, scope: 's' };
    expect(parseStoredSession(serializeSession({ kind: 'tokens', tokens }))).toEqual({
      kind: 'tokens',
      tokens,
    });
    expect(parseStoredSession(serializeSession({ kind: 'needs-sign-in' }))).toEqual({
      kind: 'needs-sign-in',
    });
  });

  it('treats anything unreadable as no session', () => {
    for (const raw of [undefined, '', 'not json', '{"kind":"tokens"}', '{"kind":"other"}'])
      expect(parseStoredSession(raw)).toBeUndefined();
  });
});
