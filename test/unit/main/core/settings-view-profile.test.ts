import { describe, expect, it } from 'vitest';
import { ipcCalls } from '../../../../shared/ipc/contract';
import { settingsView } from '../../../../main/core/settings-view';
import { InMemorySecretStore } from '../../../../main/secrets/in-memory-secret-store';
import { s3SecretNames } from '../../../../main/staging/open-photo-host';

// Issue 23 §3: the settings screen sees which AWS profile the photo host takes its credentials
// from; `hasKeys` stays about keys stored in the keychain.

const host = {
  kind: 's3' as const,
  region: 'eu-west-1',
  bucket: 'site-photos',
  prefix: '',
  pathStyle: false,
};
const redirect = { kind: 'loopback' as const, note: undefined };

describe('the photo host as the settings screen sees it', () => {
  it('names the AWS profile, with no keys stored', async () => {
    const view = await settingsView(
      { photoHost: { ...host, profile: 'office' } },
      new InMemorySecretStore(),
      redirect,
    );
    expect(view.photoHost).toMatchObject({ kind: 's3', profile: 'office', hasKeys: false });
  });

  it('says keys are stored whatever the profile; no profile is undefined', async () => {
    const secrets = new InMemorySecretStore();
    await secrets.set(s3SecretNames(host).secretAccessKey, 'secret-key-value');
    const view = await settingsView({ photoHost: host }, secrets, redirect);
    expect(view.photoHost).toMatchObject({ hasKeys: true, profile: undefined });
  });

  it('takes a profile from the settings screen only by the name rules of the AWS files', () => {
    const set = ipcCalls['settings:set'];
    expect(set.safeParse({ photoHost: { ...host, profile: 'office-sso' } }).success).toBe(true);
    for (const profile of ['', 'has space', 'quote"d', 'x'.repeat(65), '[profile x]'])
      expect(set.safeParse({ photoHost: { ...host, profile } }).success, profile).toBe(false);
  });
});
