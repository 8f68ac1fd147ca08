import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confirmationQuestion, sensitiveChange } from '../../../../main/core/sensitive-change';
import { envForApp, TEST_ONLY_ENV } from '../../../../main/core/seed-settings';
import { createTranslator } from '../../../../shared/i18n/translator';

const en = createTranslator('en').t;

const current = {
  authUrl: 'https://auth.example.com',
  baseUrl: 'https://api.example.com',
  clientId: 'uploader',
  photoHost: {
    kind: 's3' as const,
    endpoint: 'https://s3.example.com',
    region: 'eu-1',
    bucket: 'site-photos',
    prefix: '',
    pathStyle: false,
  },
};

describe('sensitiveChange', () => {
  it('asks nothing when only the zone, the redirect or the concurrency change, or an address is resent as it is', () => {
    expect(
      sensitiveChange(
        {
          assumedZone: 'Europe/Rome',
          redirect: 'loopback',
          concurrency: 2,
          authUrl: 'https://auth.example.com/',
          baseUrl: 'https://api.example.com',
          clientId: 'uploader',
        },
        current,
        { ...current.photoHost, pathStyle: false, prefix: '' },
      ),
    ).toBeUndefined();
  });

  it('names each change of where tokens or photos go, with the new values', () => {
    const change = sensitiveChange(
      { baseUrl: 'https://evil.example/', authUrl: 'https://login.evil.example', clientId: 'x' },
      current,
      undefined,
    );
    expect(change?.fields).toEqual(['authUrl', 'baseUrl', 'clientId']);
    expect(change?.summary).toBe(
      'Photo Uploader will sign in at https://login.evil.example, send photos and tokens to https://evil.example, and use the client id “x”.',
    );
  });

  it('shows a value the window chose on one line, escaped and cut short', () => {
    const change = sensitiveChange(
      { clientId: `x”.\n\nAll is well. Press Confirm.\u202e${'y'.repeat(200)}` },
      current,
      undefined,
    );
    expect(change?.summary).not.toContain('\n');
    expect(change?.summary).toContain('\\x0a\\x0aAll is well');
    expect(change?.summary).toContain('\\u202e');
    expect(change?.summary.length).toBeLessThan(160);
  });

  it('keeps a value the window chose inside its quotes: it cannot add sentences to the question', () => {
    const change = sensitiveChange(
      { clientId: 'x” and trust “y', caFile: '/tmp/a\' "b" ‘c’' },
      current,
      {
        kind: 'published',
        root: '/srv/www” (routine re-check; choose Change) “',
        urlPrefix: 'https://www.example.com',
      },
    );
    expect(change?.summary).toBe(
      'Photo Uploader will use the client id “x\\u201d and trust \\u201cy”, trust the certificate authorities in “/tmp/a\\x27 \\x22b\\x22 \\u2018c\\u2019”, and publish photos from “/srv/www\\u201d (routine re-check; choose Change) \\u201c” at https://www.example.com.',
    );
  });

  it('counts another bucket, a published folder, or new keys for the same bucket as a photo host change', () => {
    const bucket = sensitiveChange({}, current, { ...current.photoHost, bucket: 'other' });
    expect(bucket?.summary).toContain('put photos in the bucket “other” at https://s3.example.com');
    const published = sensitiveChange({}, current, {
      kind: 'published',
      root: '/srv/www',
      urlPrefix: 'https://www.example.com/p',
    });
    expect(published?.summary).toContain(
      'publish photos from “/srv/www” at https://www.example.com.',
    );
    const keys = sensitiveChange(
      {
        photoHost: {
          ...current.photoHost,
          accessKeyId: 'AKIA',
          secretAccessKey: 'secret',
        },
      },
      current,
      current.photoHost,
    );
    expect(keys?.fields).toEqual(['photoHost']);
  });
});

/**
 * What must never reach the one-line summary: controls, line separators, bidi controls, and the
 * invisible format characters (zero-width spaces and joiners, soft hyphen, tag characters…).
 */
const UNSHOWABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point here
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\p{Cf}]/u;

/** Quotation marks: a value the window chose must not close the quotes around it. */
const QUOTES = /["“”‘’']/u;

describe('what the confirmation shows', () => {
  it('counts another AWS profile for the same bucket as a photo host change, naming the profile', () => {
    const change = sensitiveChange({}, current, { ...current.photoHost, profile: 'office' });
    expect(change?.fields).toEqual(['photoHost']);
    expect(change?.summary).toContain('with the credentials of the AWS profile “office”');
    expect(
      sensitiveChange(
        {},
        { ...current, photoHost: { ...current.photoHost, profile: 'office' } },
        {
          ...current.photoHost,
          profile: 'office',
        },
      ),
    ).toBeUndefined();
  });

  it('asks before the sign-in goes to a plain-text file, not when that choice ends', () => {
    const on = sensitiveChange({ signInTokensInPlainTextFile: true }, current, undefined);
    expect(on?.fields).toEqual(['signInTokensInPlainTextFile']);
    expect(on?.summary).toContain('plain-text file');
    expect(confirmationQuestion(on!, en).detail).not.toContain('sign in again');
    expect(
      sensitiveChange({ signInTokensInPlainTextFile: false }, current, undefined),
    ).toBeUndefined();
    expect(
      sensitiveChange(
        { signInTokensInPlainTextFile: true },
        { ...current, signInTokensInPlainTextFile: true },
        undefined,
      ),
    ).toBeUndefined();
  });

  it('names an address by its origin only: no user, path, query or fragment', () => {
    const change = sensitiveChange(
      {
        baseUrl: 'https://user:pw@evil.example:8443/api/v2?token=abc#frag',
        authUrl: 'https://login.evil.example/oauth/authorize?x=1',
      },
      current,
      { ...current.photoHost, endpoint: 'https://s3.evil.example/some/path?sig=1' },
    );
    expect(change?.summary).toBe(
      'Photo Uploader will sign in at https://login.evil.example, send photos and tokens to https://evil.example:8443, and put photos in the bucket “site-photos” at https://s3.evil.example.',
    );
  });

  it('shows any address as scheme://host[:port] and nothing else (property)', () => {
    fc.assert(
      fc.property(
        fc.webUrl({
          withQueryParameters: true,
          withFragments: true,
          authoritySettings: { withUserInfo: true, withPort: true, withIPv4: true, withIPv6: true },
        }),
        (url) => {
          const change = sensitiveChange({ baseUrl: url }, current, undefined);
          const origin = new URL(url).origin;
          expect(change?.summary).toBe(`Photo Uploader will send photos and tokens to ${origin}.`);
          expect(origin).toMatch(/^https?:\/\/[^/?#@]+$/);
        },
      ),
    );
  });

  it('never lets a value the window chose carry a control, a line break or a bidi control (property)', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 300 });
    const anyAddress = fc.oneof(
      anyText,
      fc.webUrl(),
      anyText.map((t) => `https://x.example/${t}`),
    );
    fc.assert(
      fc.property(
        anyText,
        anyText,
        anyText,
        anyText,
        anyAddress,
        (clientId, caFile, bucket, root, address) => {
          const changes = [
            sensitiveChange({ clientId, caFile, baseUrl: address, authUrl: address }, current, {
              ...current.photoHost,
              bucket,
              endpoint: address,
            }),
            sensitiveChange({ mapTileUrl: address }, current, {
              kind: 'published',
              root,
              urlPrefix: address,
            }),
          ];
          for (const change of changes) {
            expect(change?.summary).not.toMatch(UNSHOWABLE);
            // Each quoted value stays inside its own quotes: no quotation mark of its own.
            for (const [, quoted] of change?.summary.matchAll(/“(.*?)”/gu) ?? [])
              expect(quoted).not.toMatch(QUOTES);
            const outsideQuotes = change?.summary.replace(/“.*?”/gu, '') ?? '';
            expect(outsideQuotes.replace(/map’s/gu, '')).not.toMatch(QUOTES);
            const detail = change === undefined ? '' : confirmationQuestion(change, en).detail;
            // Paragraph breaks are the question's own; the values in it stay on their line.
            for (const paragraph of detail.split('\n\n')) expect(paragraph).not.toMatch(UNSHOWABLE);
          }
        },
      ),
    );
  });
});

describe('the map tile address', () => {
  it('is a change of where the window sends requests: asked, naming the new origin', () => {
    const change = sensitiveChange(
      { mapTileUrl: ' https://tiles.evil.example/{z}/{x}/{y}.png?key=k ' },
      current,
      undefined,
    );
    expect(change?.fields).toEqual(['mapTileUrl']);
    expect(change?.summary).toBe(
      'Photo Uploader will load the map’s tiles from https://tiles.evil.example.',
    );
    const question = change && confirmationQuestion(change, en);
    expect(question?.detail).not.toContain('sign in again');
  });

  it('asks nothing when the address stays what it is (the default when none is saved)', () => {
    const osm = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect(sensitiveChange({ mapTileUrl: osm }, current, undefined)).toBeUndefined();
    const saved = { ...current, mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' };
    expect(
      sensitiveChange({ mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png ' }, saved, undefined),
    ).toBeUndefined();
    expect(sensitiveChange({ mapTileUrl: osm }, saved, undefined)?.fields).toEqual(['mapTileUrl']);
  });
});

describe('confirmationQuestion', () => {
  it('has Cancel first, as the default and the escape, and says when signing in again is needed', () => {
    const question = confirmationQuestion(
      {
        fields: ['baseUrl'],
        changes: [
          { key: 'dialog.sensitiveChange.baseUrl', values: { origin: 'https://evil.example' } },
        ],
      },
      en,
    );
    expect(question.buttons[question.cancelIndex]).toBe('Cancel');
    expect(question.cancelIndex).toBe(0);
    expect(question.buttons[question.confirmIndex]).toBe('Change');
    expect(question.detail).toContain('send photos and tokens to https://evil.example');
    expect(question.detail).toContain('You will need to sign in again.');
    expect(question.detail).toContain('If you did not ask for this change in Settings');
    const hostOnly = confirmationQuestion(
      { fields: ['photoHost'], changes: [{ key: 'dialog.sensitiveChange.plainTextTokens' }] },
      en,
    );
    expect(hostOnly.detail).not.toContain('sign in again');
  });
});

describe('envForApp', () => {
  const env = {
    PHOTO_UPLOADER_DATA_DIR: '/tmp/data',
    PHOTO_UPLOADER_CONFIG: '{"authUrl":"https://evil.example"}',
    PHOTO_UPLOADER_S3_ACCESS_KEY_ID: 'AKIA',
    PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY: 'secret',
    PHOTO_UPLOADER_POLICY_FILE: '/tmp/no-policy.json',
    PHOTO_UPLOADER_SYSTEM_LANGUAGES: 'en-XA',
    HTTPS_PROXY: 'http://proxy.example:3128',
    HOME: '/home/user',
  };

  it('drops the test-only variables in a packaged app and keeps the rest', () => {
    expect(envForApp(env, true)).toEqual({
      HTTPS_PROXY: 'http://proxy.example:3128',
      HOME: '/home/user',
    });
    expect(TEST_ONLY_ENV).toHaveLength(6);
  });

  it('keeps everything for a development run (npm start, tests)', () => {
    expect(envForApp(env, false)).toEqual(env);
  });
});
