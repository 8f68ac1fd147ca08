import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { isOwnHost, misdirectedMessage } from '../own-host';
import { makePutsAtomic, uploadsFolderOf } from './atomic-puts';
import { checkPartDigests } from './part-digest';
import { SigV4Gate } from './sigv4-gate';
import {
  abortUpload,
  countPendingUploads,
  drain,
  type S3Operation,
  s3Operation,
  type S3StoreTraffic,
} from './store-traffic';

/** Where the S3-compatible store listens and how to sign requests to it. */
export type S3StoreInfo = {
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly access_key_id: string;
  readonly secret_access_key: string;
};

export type RunningS3Store = {
  readonly info: S3StoreInfo;
  /** Connections, requests by operation and open multipart uploads, for tests. */
  readonly traffic: S3StoreTraffic;
  close(): Promise<void>;
};

/**
 * s3rver's fixed key pair; the gate verifies signatures made with it. s3rver itself checks only
 * the key id of a V4 signature, so the gate may hold another secret (`startS3Store`).
 */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const BUCKET = 'photo-uploader';
const REGION = 'us-east-1';

/**
 * Starts a real S3-protocol server (s3rver) on loopback with one bucket, storing objects in a
 * fresh temporary folder that is removed on close. Every request must carry a valid AWS
 * Signature V4 (header or presigned URL), checked by `SigV4Gate` before s3rver sees it, and a
 * `Host` naming the store itself (127.0.0.1, localhost or [::1] with its port). Use path-style
 * addressing. `secretAccessKey` replaces the fixed secret (the key id stays s3rver's).
 */
export async function startS3Store(
  host: string,
  secretAccessKey: string = SECRET_ACCESS_KEY,
): Promise<RunningS3Store> {
  const directory = await mkdtemp(join(tmpdir(), 'photo-service-s3-'));
  const store = new S3rver({
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  makePutsAtomic(store);
  checkPartDigests(store);
  await store.configureBuckets();
  const gate = new SigV4Gate({
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey,
    region: REGION,
  });
  const handler = store.callback();
  const uploadsFolder = uploadsFolderOf(store, BUCKET);
  const operations: Partial<Record<S3Operation, number>> = {};
  let connections = 0;
  const signed = gate.wrap((request, response) => {
    const url = new URL(request.url ?? '/', 'http://store.invalid');
    const operation = s3Operation(request.method, url);
    operations[operation] = (operations[operation] ?? 0) + 1;
    if (operation !== 'AbortMultipartUpload') {
      handler(request, response);
      return;
    }
    drain(request);
    abortUpload(uploadsFolder, url.searchParams.get('uploadId'), response).catch(() => {
      response.writeHead(500, { 'content-type': 'application/xml' }).end();
    });
  });
  const server: Server = createServer((request, response) => {
    // Its keys are s3rver's fixed, public ones, so a DNS-rebinding page could sign its own
    // requests; the Host check keeps such a page away from the photos. Every real client names
    // the endpoint it was given, which is one of these hosts.
    const { port } = server.address() as AddressInfo;
    if (isOwnHost(request.headers.host, port)) {
      signed(request, response);
      return;
    }
    response
      .writeHead(421, { 'content-type': 'application/xml' })
      .end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>MisdirectedRequest</Code><Message>${misdirectedMessage(port)}</Message></Error>`,
      );
  });
  // Counted for tests that show a client keeps its connections alive.
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    info: {
      endpoint: `http://${hostPart}:${address.port}`,
      region: REGION,
      bucket: BUCKET,
      access_key_id: ACCESS_KEY_ID,
      secret_access_key: secretAccessKey,
    },
    traffic: {
      get connections() {
        return connections;
      },
      operations,
      pendingUploads: () => countPendingUploads(uploadsFolder),
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await rm(directory, { recursive: true, force: true });
    },
  };
}
