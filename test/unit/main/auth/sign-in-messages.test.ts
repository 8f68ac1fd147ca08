import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../../support/word-values';
import { InsecureEndpointError } from '../../../../main/auth/auth-endpoints';
import { OAuthResponseError, TokenResponseError } from '../../../../main/auth/auth-errors';
import {
  describeCallbackError,
  describeDiscoveryError,
  describeExchangeError,
  MAX_SHOWN_CODE,
  MAX_SHOWN_DESCRIPTION,
  SESSION_ENDED,
  shownServiceText,
} from '../../../../main/auth/sign-in-messages';
import { CertificateError, NetworkError } from '../../../../main/http/network-error';
import {
  InsecureAddressError,
  requireSecureAddress,
} from '../../../../shared/domain/secure-address';
import { createTranslator, type Words } from '../../../../shared/i18n/translator';
import { englishFor, words } from '../../../../shared/i18n/words';

// Issue 24 §2: the session's messages are words; the command line says them in English.

const oauth = (code: string) => new OAuthResponseError(code, 400, 'server words');

/** Control, bidirectional and format characters: none may reach a message's value. */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\p{Cf}\p{Cs}]/u;

describe('what the session says about signing in', () => {
  it('says a refusal in the browser, the service’s code and description as values', () => {
    expect(describeCallbackError('access_denied', 'The user said no')).toEqual({
      key: 'error.signIn.declined',
    });
    expect(englishFor(describeCallbackError('access_denied', undefined))).toBe(
      'You declined access in the browser, so you are not signed in.',
    );
    const refused = describeCallbackError('invalid_scope', 'Scope photos:write is unknown');
    expect(refused).toEqual({
      key: 'error.signIn.refusedSaying',
      values: { code: 'invalid_scope', description: 'Scope photos:write is unknown' },
    });
    expect(englishFor(refused)).toBe(
      'The Photo Service refused the sign-in (invalid_scope: Scope photos:write is unknown). Please try again.',
    );
    expect(createTranslator('fr').t(refused.key, refused.values)).toBe(
      'Le Photo Service a refusé la connexion (invalid_scope : Scope photos:write is unknown). Veuillez réessayer.',
    );
    for (const description of [undefined, '', ' \n\t '])
      expect(englishFor(describeCallbackError('server_error', description))).toBe(
        'The Photo Service refused the sign-in (server_error). Please try again.',
      );
  });

  it('says why the code could not be exchanged', () => {
    const said = (error: unknown) => describeExchangeError(error);
    expect(said(oauth('invalid_grant'))).toEqual({ key: 'error.signIn.codeExpired' });
    expect(said(oauth('invalid_client'))).toEqual({ key: 'error.signIn.clientRefused' });
    expect(said(oauth('unauthorized_client'))).toEqual({ key: 'error.signIn.clientRefused' });
    // The token endpoint's description is not shown: only its code.
    expect(said(oauth('slow_down'))).toEqual({
      key: 'error.signIn.refused',
      values: { code: 'slow_down' },
    });
    expect(said(new NetworkError('no answer', 'ECONNRESET'))).toEqual({
      key: 'error.signIn.finishUnreachable',
    });
    expect(said(new TokenResponseError('no access_token'))).toEqual({
      key: 'error.signIn.badAnswer',
    });
    const untrusted = words('reason.network.certificateUntrusted', {
      origin: 'https://login.example.com',
      problem: 'selfSigned',
    });
    expect(said(new CertificateError(untrusted, 'DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe(untrusted);
    expect(englishFor(said(oauth('invalid_grant')))).toBe(
      'The sign-in expired or was already used. Please sign in again.',
    );
  });

  it('says why the sign-in server could not be used, naming its origin only', () => {
    const authUrl = 'https://ann:secret@login.example.com:8443/tenant/a?x=1';
    const unreachable = describeDiscoveryError(new NetworkError('down', 'ECONNREFUSED'), authUrl);
    expect(unreachable).toEqual({
      key: 'error.signIn.serverUnreachable',
      values: { origin: 'https://login.example.com:8443' },
    });
    expect(englishFor(unreachable)).toBe(
      "Could not reach the Photo Service's sign-in server at https://login.example.com:8443. Check the address and the network connection, then try again.",
    );
    expect(describeDiscoveryError(new Error('odd'), authUrl)).toEqual({
      key: 'error.signIn.serverFailed',
      values: { origin: 'https://login.example.com:8443' },
    });
    const plain = 'http://login.example.com';
    const insecure = (() => {
      try {
        return requireSecureAddress(plain);
      } catch (error) {
        return error;
      }
    })();
    expect(describeDiscoveryError(insecure, plain)).toEqual({
      key: 'error.address.notSecure',
      values: { shown: 'http://login.example.com' },
    });
    expect(describeDiscoveryError(new InsecureAddressError('refused'), plain)).toEqual({
      key: 'error.address.notSecure',
      values: { shown: 'http://login.example.com' },
    });
    // An endpoint of the server's metadata is named as such.
    const endpoint = words('error.signIn.endpointNotSecure', {
      which: 'token',
      shown: 'http://10.0.0.7',
    });
    expect(describeDiscoveryError(new InsecureEndpointError(endpoint), authUrl)).toBe(endpoint);
    expect(createTranslator('de').t(endpoint.key, endpoint.values)).toMatch(
      /^Die Token-Adresse des Anmeldeservers wird abgelehnt\. Die Adresse http:\/\/10\.0\.0\.7 /,
    );
    expect(describeDiscoveryError(new NetworkError('down', undefined), 'not an address')).toEqual({
      key: 'error.address.notAddress',
    });
  });

  it('has one sentence for a session the service ended', () => {
    expect(SESSION_ENDED).toEqual({ key: 'error.signIn.sessionEnded' });
    expect(englishFor(SESSION_ENDED)).toBe(
      'Your session has ended. Sign in again; queued uploads are kept.',
    );
  });
});

describe('a refusal’s code and description as the service sent them', () => {
  it('are printable and bounded whatever the code and description', () => {
    const translators = (['en', 'de'] as const).map((locale) => createTranslator(locale).t);
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 600 }),
      fc
        .array(fc.constantFrom('a', ' ', '\n', '\u001b[2J', '\u202e', '\u200b', '\ud800', '{x}'), {
          maxLength: 400,
        })
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, fc.option(text, { nil: undefined }), (code, description) => {
        const said: Words = describeCallbackError(code, description);
        if (code === 'access_denied') return;
        expect(['error.signIn.refused', 'error.signIn.refusedSaying']).toContain(said.key);
        const shownCode = textOf(said.values?.code);
        expect(Array.from(shownCode).length).toBeLessThanOrEqual(MAX_SHOWN_CODE);
        expect(shownCode).not.toBe('');
        expect(shownCode).not.toMatch(UNPRINTABLE);
        const shownDescription = said.values?.description;
        if (shownDescription !== undefined) {
          expect(Array.from(textOf(shownDescription)).length).toBeLessThanOrEqual(
            MAX_SHOWN_DESCRIPTION,
          );
          expect(textOf(shownDescription)).not.toMatch(UNPRINTABLE);
        }
        // Said in every language without a formatting error.
        for (const t of translators) expect(t(said.key, said.values)).toContain(shownCode);
      }),
    );
  });

  it('keep an unknown code as it is, and cut a long description with an ellipsis', () => {
    const long = `${'Too many sign-ins from this address. '.repeat(20)}`;
    const said = describeCallbackError('vendor_specific_refusal', long);
    expect(said.values?.code).toBe('vendor_specific_refusal');
    const description = textOf(said.values?.description);
    expect(description).toHaveLength(MAX_SHOWN_DESCRIPTION);
    expect(description.endsWith('…')).toBe(true);
    expect(shownServiceText('line\none\u001b[2J', 100)).toBe('line one\\x1b[2J');
    expect(shownServiceText('\u202egpj.exe', 100)).toBe('\\u202egpj.exe');
    expect(englishFor(describeCallbackError('', undefined))).toBe(
      'The Photo Service refused the sign-in (server_error). Please try again.',
    );
  });
});
