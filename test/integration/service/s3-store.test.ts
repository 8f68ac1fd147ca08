import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  md5,
  signIn,
  startTestService,
  s3ClientFor,
  type TestService,
} from '../../support/photo-service-harness';

const PHOTO = join(import.meta.dirname, '../../fixtures/exif-samples/jpg/Canon_40D.jpg');

describe('Local Photo Service: the S3-compatible store', () => {
  let service: TestService;
  let s3: S3Client;
  beforeAll(async () => {
    service = await startTestService({ autoApprove: true, withS3: true, allowPrivateFetch: true });
    s3 = s3ClientFor(service.info);
  });
  afterAll(async () => {
    s3.destroy();
    await service.close();
  });

  it('accepts a SigV4 PUT and serves a presigned GET that the service fetches and hashes', async () => {
    const bytes = await readFile(PHOTO);
    const bucket = service.info.s3!.bucket;
    const key = `photos/${md5(bytes)}.jpg`;
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'image/jpeg' }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBe(bytes.length);
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), {
      expiresIn: 3600,
    });
    expect(url).toContain('X-Amz-Signature=');

    const direct = await fetch(url);
    expect(md5(Buffer.from(await direct.arrayBuffer()))).toBe(md5(bytes));
    const tampered = await fetch(
      url.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000'),
    );
    expect(tampered.status).toBe(403);

    const token = (await signIn(service.info)).access_token;
    const project = service.info.projects[0]!.id;
    const created = await api(service.info, token, 'POST', `/v2/projects/${project}/photos`, {
      photo: { uri: url, captured_at: 1_200_392_355 },
    });
    expect(created.status).toBe(201);
    await service.idle();
    const photo = (
      await api(service.info, token, 'GET', `/v2/photos/${(created.body as { id: string }).id}`)
    ).body as {
      processing_status: string;
      hash: string;
    };
    expect(photo).toMatchObject({ processing_status: 'processed', hash: md5(bytes) });
  });

  it('refuses a PUT signed with the wrong secret', async () => {
    const store = service.info.s3!;
    const wrong = s3ClientFor(service.info, 'not-the-secret');
    await expect(
      wrong.send(new PutObjectCommand({ Bucket: store.bucket, Key: 'x', Body: 'x' })),
    ).rejects.toThrow();
    wrong.destroy();
  });

  it('never serves a half-written object while the same key is written again (PUTs are atomic, as on S3)', async () => {
    const store = service.info.s3;
    if (store === undefined) throw new Error('no S3 store');
    const bytes = Buffer.alloc(4 * 1024 * 1024, 7);
    const key = 'atomic/photo.jpg';
    const put = () =>
      s3.send(new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: bytes }));
    await put();
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: store.bucket, Key: key }), {
      expiresIn: 600,
    });
    const read = async () => md5(Buffer.from(await (await fetch(url)).arrayBuffer()));
    const reads: Promise<string>[] = [];
    const writes: Promise<unknown>[] = [];
    for (let round = 0; round < 8; round += 1) {
      writes.push(put());
      reads.push(read(), read());
    }
    await Promise.all(writes);
    expect(new Set(await Promise.all(reads))).toEqual(new Set([md5(bytes)]));
  });
});
