import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  serveFiles,
  signIn,
  s3ClientFor,
  startTestService,
  type FileServer,
  type TestService,
} from '../../support/photo-service-harness';
import { rawHttp } from '../../support/raw-http';

const PHOTO = join(import.meta.dirname, '../../fixtures/exif-samples/jpg/gps/DSCN0021.jpg');
const FOREIGN_HOSTS = (port: string) => [
  'evil.example',
  `evil.example:${port}`,
  `10.0.0.1:${port}`,
];

describe('Local Photo Service: the Host check (DNS-rebinding defence)', () => {
  let service: TestService;
  let files: FileServer;
  let bytes: Buffer;
  let port: string;
  let token: string;
  let fileUrl: string;

  beforeAll(async () => {
    service = await startTestService({ autoApprove: true, allowPrivateFetch: true, withS3: true });
    port = new URL(service.info.base_url).port;
    bytes = await readFile(PHOTO);
    files = await serveFiles({ '/site.jpg': bytes });
    token = (await signIn(service.info)).access_token;
    const created = await api(
      service.info,
      token,
      'POST',
      `/v2/projects/${service.info.projects[0]!.id}/photos`,
      { photo: { uri: files.url('/site.jpg'), captured_at: 1_600_000_000 } },
    );
    const id = (created.body as { id: string }).id;
    await service.idle();
    fileUrl = `${service.info.base_url}/files/${id}/original`;
  });
  afterAll(async () => {
    await files.close();
    await service.close();
  });

  it('serves the browse page only to its own host names', async () => {
    for (const host of FOREIGN_HOSTS(port)) {
      const answer = await rawHttp(`${service.info.base_url}/`, { headers: { host } });
      expect(answer.status, host).toBe(421);
      expect(answer.body.toString()).not.toContain(service.info.projects[0]!.name);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const answer = await rawHttp(`${service.info.base_url}/`, { headers: { host } });
      expect(answer.status, host).toBe(200);
      expect(answer.body.toString()).toContain(service.info.projects[0]!.name);
    }
  });

  it('serves photo files only to its own host names', async () => {
    for (const host of FOREIGN_HOSTS(port)) {
      const answer = await rawHttp(fileUrl, { headers: { host } });
      expect(answer.status, host).toBe(421);
      expect(answer.body.includes(bytes.subarray(0, 64))).toBe(false);
    }
    const own = await rawHttp(fileUrl, { headers: { host: `127.0.0.1:${port}` } });
    expect(own.status).toBe(200);
    expect(own.body.equals(bytes)).toBe(true);
  });

  it('leaves the OAuth server and the v2 API to answer whatever Host a proxy sends, as the real service does', async () => {
    const answer = await rawHttp(`${service.info.base_url}/v2/projects`, {
      headers: { host: 'photos.example.com', authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    const metadata = await rawHttp(
      `${service.info.auth_url}/.well-known/oauth-authorization-server`,
      { headers: { host: 'photos.example.com' } },
    );
    expect(metadata.status).toBe(200);
  });

  it('keeps a rebinding page out of the S3 store even when it signs with the public demo keys', async () => {
    const store = service.info.s3!;
    const key = 'rebinding/site.jpg';
    const s3 = s3ClientFor(service.info);
    await s3.send(new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: bytes }));
    s3.destroy();
    const storePort = new URL(store.endpoint).port;
    const signer = new SignatureV4({
      credentials: { accessKeyId: store.access_key_id, secretAccessKey: store.secret_access_key },
      region: store.region,
      service: 's3',
      sha256: Hash.bind(null, 'sha256'),
      uriEscapePath: false,
    });
    // What the page's script would sign: the store's path under the page's own host name.
    const signedGet = async (host: string) => {
      const signed = await signer.sign(
        new HttpRequest({
          method: 'GET',
          protocol: 'http:',
          hostname: host.split(':')[0]!,
          path: `/${store.bucket}/${key}`,
          headers: {
            host,
            'x-amz-content-sha256': createHash('sha256').update('').digest('hex'),
          },
        }),
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(signed.headers)) headers[name] = String(value);
      return rawHttp(`${store.endpoint}/${store.bucket}/${key}`, { headers });
    };
    const foreign = await signedGet(`evil.example:${storePort}`);
    expect(foreign.status).toBe(421);
    expect(foreign.body.toString()).toContain('<Code>MisdirectedRequest</Code>');
    // The same signing under the store's own name works, so the Host alone made the difference.
    const own = await signedGet(`127.0.0.1:${storePort}`);
    expect(own.status).toBe(200);
    expect(own.body.equals(bytes)).toBe(true);
  });
});
