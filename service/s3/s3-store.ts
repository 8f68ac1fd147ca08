import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** Where the S3-compatible store listens and how to sign requests to it. */
export type S3StoreInfo = {
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly access_key_id: string;
  readonly secret_access_key: string;
};

export type RunningS3Store = { readonly info: S3StoreInfo; close(): Promise<void> };

/** s3rver's fixed key pair: it checks SigV4 signatures against these. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const BUCKET = 'photo-uploader';

/**
 * Starts a real S3-protocol server (s3rver) on loopback with one bucket, storing objects in a
 * fresh temporary folder that is removed on close. Use path-style addressing with it.
 */
export async function startS3Store(host: string): Promise<RunningS3Store> {
  const directory = await mkdtemp(join(tmpdir(), 'photo-service-s3-'));
  const server = new S3rver({
    address: host,
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address: AddressInfo = await server.run();
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    info: {
      endpoint: `http://${hostPart}:${address.port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      access_key_id: ACCESS_KEY_ID,
      secret_access_key: SECRET_ACCESS_KEY,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
