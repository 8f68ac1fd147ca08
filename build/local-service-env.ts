import {
  type SeedConfig,
  SEED_CONFIG_ENV,
  SEED_S3_KEY_ENV,
  SEED_S3_SECRET_ENV,
} from '../main/core/seed-settings';
import type { LaunchInfo } from '../service/photo-service';

/**
 * The environment that points a fresh app at a running local Photo Service: its public demo
 * client (PKCE only, no secret anywhere), the loopback redirect (a development run is not
 * registered with the OS for the app's scheme), and its S3-compatible store as the photo host,
 * whose keys travel in their own variables and end up in the keychain. Demo mode, the bridge
 * host and the real-Electron test all start the app this way. The control API's `admin_token`
 * stays out: the app never drives the control API, and an environment is readable by the
 * user's other processes.
 */
export function localServiceEnv(info: LaunchInfo): Record<string, string> {
  const s3 = info.s3;
  const seed = localServiceSeed(info);
  return {
    [SEED_CONFIG_ENV]: JSON.stringify(seed),
    ...(s3
      ? { [SEED_S3_KEY_ENV]: s3.access_key_id, [SEED_S3_SECRET_ENV]: s3.secret_access_key }
      : {}),
  };
}

/** The service, client and photo host `localServiceEnv` configures the app with. */
export function localServiceSeed(info: LaunchInfo): SeedConfig {
  const s3 = info.s3;
  return {
    authUrl: info.auth_url,
    baseUrl: info.base_url,
    clientId: info.public_client_id,
    redirect: 'loopback',
    ...(s3
      ? {
          photoHost: {
            kind: 's3',
            endpoint: s3.endpoint,
            region: s3.region,
            bucket: s3.bucket,
            prefix: '',
            pathStyle: true,
          },
        }
      : {}),
  };
}
