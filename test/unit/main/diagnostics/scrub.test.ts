import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCRUBBED, scrubForDiagnostics } from '../../../../main/diagnostics/scrub';

const SIGNED_URL =
  'https://s3.example.test/bucket/uploads/a.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
  '&X-Amz-Credential=AKIAEXAMPLEKEY123%2F20260101%2Fus-east-1%2Fs3%2Faws4_request' +
  '&X-Amz-Date=20260101T000000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host' +
  '&X-Amz-Signature=0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';

describe('scrubForDiagnostics', () => {
  it('removes the signature and the key id of a signed URL, and keeps the rest', () => {
    const out = scrubForDiagnostics(`PUT ${SIGNED_URL} failed`);
    expect(out).not.toContain('0f1e2d3c4b5a');
    expect(out).not.toContain('AKIAEXAMPLEKEY123');
    expect(out).toContain(`X-Amz-Signature=${SCRUBBED}`);
    expect(out).toContain('X-Amz-Expires=900');
    expect(out).toContain('https://s3.example.test/bucket/uploads/a.jpg?');
    expect(out).toMatch(/ failed$/);
  });

  it('removes a signature inside an encoded URL and in an Authorization header', () => {
    const encoded = `next=${encodeURIComponent(SIGNED_URL)}`;
    expect(scrubForDiagnostics(encoded)).not.toContain('0f1e2d3c4b5a');
    const header =
      'AWS4-HMAC-SHA256 Credential=AKIAEXAMPLEKEY123/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=abcdef0123456789';
    const out = scrubForDiagnostics(header);
    expect(out).not.toContain('AKIAEXAMPLEKEY123');
    expect(out).not.toContain('abcdef0123456789');
  });

  it('removes OAuth tokens, codes and client secrets in forms, URLs and JSON', () => {
    const text = [
      'POST /token grant_type=authorization_code&code=SplxlOBeZQQYbYS6WxSbIA&code_verifier=dBjftJeZ4CVP',
      'GET http://127.0.0.1:5000/callback?code=AUTHCODE12345&state=xyzSTATE987',
      'grant_type=refresh_token&refresh_token=tGzv3JOkF0XG5Qx2TlKWIA&client_secret=s3cr3tvalue',
      '{"access_token":"2YotnFZFEjr1zCsicMWpAA","token_type":"Bearer","refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA"}',
      "{ 'clientSecret': 'another-secret-value' }",
      '#access_token=implicitTOKEN999&expires_in=3600',
    ].join('\n');
    const out = scrubForDiagnostics(text);
    for (const secret of [
      'SplxlOBeZQQYbYS6WxSbIA',
      'dBjftJeZ4CVP',
      'AUTHCODE12345',
      'xyzSTATE987',
      'tGzv3JOkF0XG5Qx2TlKWIA',
      's3cr3tvalue',
      '2YotnFZFEjr1zCsicMWpAA',
      'another-secret-value',
      'implicitTOKEN999',
    ])
      expect(out, secret).not.toContain(secret);
    // What helps support stays: the grant type, the token type, the expiry, the path.
    expect(out).toContain('grant_type=authorization_code');
    expect(out).toContain('"token_type":"Bearer"');
    expect(out).toContain('expires_in=3600');
    expect(out).toContain('/callback?');
  });

  it('removes bearer tokens and basic credentials', () => {
    const out = scrubForDiagnostics(
      'authorization: Bearer eyJhbGciOi.eyJzdWIi.SflKxwRJSM\nAuthorization: Basic dXBsb2FkZXI6c2VjcmV0',
    );
    expect(out).not.toContain('eyJhbGciOi');
    expect(out).not.toContain('dXBsb2FkZXI6c2VjcmV0');
    expect(out).toContain(`Bearer ${SCRUBBED}`);
  });

  it('leaves words that only end in a secret name alone', () => {
    const text = 'barcode=12345 zipcode=99999 encode=utf8 "postcode": "H0H0H0"';
    expect(scrubForDiagnostics(text)).toBe(text);
  });

  it('is idempotent, and never leaves a generated token behind', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9\-._~]{8,40}$/);
    fc.assert(
      fc.property(
        token,
        fc.constantFrom(
          'access_token',
          'refresh_token',
          'code',
          'X-Amz-Signature',
          'client_secret',
        ),
        fc.constantFrom('?', '&', ' ', '\n'),
        (value, name, before) => {
          const line = `GET /x${before}${name}=${value}&next=1`;
          const once = scrubForDiagnostics(line);
          expect(once).not.toContain(`=${value}`);
          expect(scrubForDiagnostics(once)).toBe(once);
        },
      ),
    );
  });
});
