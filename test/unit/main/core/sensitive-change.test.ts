import { describe, expect, it } from 'vitest';
import { confirmationQuestion, sensitiveChange } from '../../../../main/core/sensitive-change';
import { envForApp, TEST_ONLY_ENV } from '../../../../main/core/seed-settings';

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
      'Photo Uploader will sign in at https://login.evil.example, and send photos and tokens to https://evil.example, and use the client id “x”.',
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

  it('counts another bucket, a published folder, or new keys for the same bucket as a photo host change', () => {
    const bucket = sensitiveChange({}, current, { ...current.photoHost, bucket: 'other' });
    expect(bucket?.summary).toContain('put photos in the bucket “other” at https://s3.example.com');
    const published = sensitiveChange({}, current, {
      kind: 'published',
      root: '/srv/www',
      urlPrefix: 'https://www.example.com/p',
    });
    expect(published?.summary).toContain(
      'publish photos from “/srv/www” at https://www.example.com/p',
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

describe('confirmationQuestion', () => {
  it('has Cancel first, as the default and the escape, and says when signing in again is needed', () => {
    const question = confirmationQuestion({
      fields: ['baseUrl'],
      summary: 'Photo Uploader will send photos and tokens to https://evil.example.',
    });
    expect(question.buttons[question.cancelIndex]).toBe('Cancel');
    expect(question.cancelIndex).toBe(0);
    expect(question.buttons[question.confirmIndex]).toBe('Change');
    expect(question.detail).toContain('send photos and tokens to https://evil.example');
    expect(question.detail).toContain('You will need to sign in again.');
    expect(question.detail).toContain('If you did not ask for this change in Settings');
    const hostOnly = confirmationQuestion({ fields: ['photoHost'], summary: 'S.' });
    expect(hostOnly.detail).not.toContain('sign in again');
  });
});

describe('envForApp', () => {
  const env = {
    PHOTO_UPLOADER_DATA_DIR: '/tmp/data',
    PHOTO_UPLOADER_CONFIG: '{"authUrl":"https://evil.example"}',
    PHOTO_UPLOADER_S3_ACCESS_KEY_ID: 'AKIA',
    PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY: 'secret',
    HTTPS_PROXY: 'http://proxy.example:3128',
    HOME: '/home/user',
  };

  it('drops the test-only variables in a packaged app and keeps the rest', () => {
    expect(envForApp(env, true)).toEqual({
      HTTPS_PROXY: 'http://proxy.example:3128',
      HOME: '/home/user',
    });
    expect(TEST_ONLY_ENV).toHaveLength(4);
  });

  it('keeps everything for a development run (npm start, tests)', () => {
    expect(envForApp(env, false)).toEqual(env);
  });
});
