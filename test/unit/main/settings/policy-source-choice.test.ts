import { describe, expect, it } from 'vitest';
import { policySourceFor } from '../../../../main/settings/policy-source';

describe('where the organisation’s policy is read', () => {
  it('is /etc/photo-uploader/policy.json on Linux', () => {
    expect(policySourceFor({ platform: 'linux', env: {}, packaged: true })).toEqual({
      kind: 'file',
      path: '/etc/photo-uploader/policy.json',
    });
  });

  it('is the registry on Windows, under Software\\Policies\\PhotoUploader', () => {
    expect(policySourceFor({ platform: 'win32', env: {}, packaged: true })).toEqual({
      kind: 'registry',
      key: 'Software\\Policies\\PhotoUploader',
    });
  });

  it('is the managed preferences of the app id on macOS', () => {
    expect(policySourceFor({ platform: 'darwin', env: {}, packaged: true })).toEqual({
      kind: 'managed-preferences',
      domain: 'com.photouploader.app',
    });
  });

  it('is PHOTO_UPLOADER_POLICY_FILE for tests and unpackaged runs, on any system', () => {
    const env = { PHOTO_UPLOADER_POLICY_FILE: '/tmp/t/policy.json' };
    for (const platform of ['linux', 'win32', 'darwin'] as const)
      expect(policySourceFor({ platform, env, packaged: false })).toEqual({
        kind: 'file',
        path: '/tmp/t/policy.json',
      });
  });

  it('ignores PHOTO_UPLOADER_POLICY_FILE in a packaged app', () => {
    const env = { PHOTO_UPLOADER_POLICY_FILE: '/tmp/t/policy.json' };
    expect(policySourceFor({ platform: 'linux', env, packaged: true })).toEqual({
      kind: 'file',
      path: '/etc/photo-uploader/policy.json',
    });
    expect(policySourceFor({ platform: 'win32', env, packaged: true }).kind).toBe('registry');
  });
});
