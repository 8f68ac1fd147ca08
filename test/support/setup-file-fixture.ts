import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LaunchInfo } from '../../service/photo-service';

/** The parts of a setup file a test may change before it is written. */
export type SetupFileBody = {
  photoUploaderSetup: number;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
};

/**
 * Writes `name` in `dir`: a setup file (issue 23) for the local service, as IT would write it:
 * its addresses, the confidential client with its secret, and its S3 store as the photo host with
 * the store's keys; `edit` changes it first. Returns the file's path.
 */
export async function writeLocalSetupFile(
  info: LaunchInfo,
  dir: string,
  name = 'office.photouploader',
  edit: (setup: SetupFileBody) => void = () => undefined,
): Promise<string> {
  const s3 = info.s3;
  if (s3 === undefined) throw new Error('start the service with its S3 store');
  const setup: SetupFileBody = {
    photoUploaderSetup: 1,
    settings: {
      authUrl: info.auth_url,
      baseUrl: info.base_url,
      clientId: info.client_id,
      photoHost: {
        kind: 's3',
        endpoint: s3.endpoint,
        region: s3.region,
        bucket: s3.bucket,
        prefix: 'office/',
        pathStyle: true,
      },
    },
    secrets: {
      clientSecret: info.client_secret,
      s3AccessKeyId: s3.access_key_id,
      s3SecretAccessKey: s3.secret_access_key,
    },
  };
  edit(setup);
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(setup, null, 2));
  return file;
}
