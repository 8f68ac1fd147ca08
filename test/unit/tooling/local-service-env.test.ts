import { describe, expect, it } from 'vitest';
import { localServiceEnv } from '../../../build/local-service-env';
import type { LaunchInfo } from '../../../service/photo-service';

const INFO: LaunchInfo = {
  auth_url: 'http://127.0.0.1:4100',
  base_url: 'http://127.0.0.1:4100',
  admin_url: 'http://127.0.0.1:4100/__admin',
  admin_token: 'control-api-token-that-must-stay-with-the-tests',
  client_id: 'confidential-id',
  client_secret: 'confidential-secret-never-for-the-app',
  public_client_id: 'public-id',
  redirect_uris: ['com.photouploader.app:/oauth/callback', 'http://127.0.0.1/callback'],
  projects: [{ id: 'p-1', name: 'Harbor Tower' }],
  s3: {
    endpoint: 'http://127.0.0.1:4200',
    region: 'us-east-1',
    bucket: 'photo-uploader',
    access_key_id: 'S3RVER',
    secret_access_key: 'S3RVER',
  },
};

describe('localServiceEnv (demo mode’s environment for the app)', () => {
  it('points the app at the public client and the S3 store, and keeps the control API token and the client secret out', () => {
    const env = localServiceEnv(INFO);
    const everything = Object.values(env).join('\n');
    expect(everything).toContain('public-id');
    expect(everything).toContain('http://127.0.0.1:4200');
    expect(everything).not.toContain(INFO.admin_token);
    expect(everything).not.toContain('/__admin');
    expect(everything).not.toContain(INFO.client_secret);
  });
});
