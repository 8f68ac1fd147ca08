import { mkdir, mkdtemp, open, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { systemClock } from '../../../shared/domain/clock';
import { Redactor } from '../../../main/logging/redactor';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { openPhotoHost, saveS3Keys } from '../../../main/staging/open-photo-host';
import { NetworkError } from '../../../main/http/network-error';
import { StagingError } from '../../../main/staging/photo-host';
import { PublishedFolderHost } from '../../../main/staging/published-folder-host';
import { S3PhotoHost } from '../../../main/staging/s3-photo-host';
import { md5, startTestService, type TestService } from '../../support/photo-service-harness';

describe('S3PhotoHost against the S3-compatible store', () => {
  let service: TestService;
  let file: string;
  let bytes: Buffer;
  const host = (secret?: string) => {
    const s3 = service.info.s3!;
    return new S3PhotoHost(
      {
        endpoint: s3.endpoint,
        region: s3.region,
        bucket: s3.bucket,
        prefix: 'site-a/',
        pathStyle: true,
        accessKeyId: s3.access_key_id,
        secretAccessKey: secret ?? s3.secret_access_key,
        urlLifetimeSeconds: 7200,
      },
      systemClock,
    );
  };

  beforeAll(async () => {
    service = await startTestService({ withS3: true });
    file = join(await mkdtemp(join(tmpdir(), 'host-')), 'photo.jpg');
    bytes = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      ...Array.from({ length: 4000 }, (_, index) => index % 251),
      0xff,
      0xd9,
    ]);
    await writeFile(file, bytes);
  });
  afterAll(() => service.close());

  it('puts the photo under a content-addressed key and hands out a presigned URL that works', async () => {
    const s3 = host();
    const request = { path: file, md5: md5(bytes), format: 'jpeg' as const, size: bytes.length };
    const staged = await s3.stage(request);
    expect(s3.keyFor(request)).toBe(`site-a/${md5(bytes)}.jpg`);
    expect(staged.bytesSent).toBe(bytes.length);
    expect(staged.expiresAt).toBeGreaterThan(Date.now() + 7000_000);
    expect(new URL(staged.uri).searchParams.get('X-Amz-Expires')).toBe('7200');
    const fetched = Buffer.from(await (await fetch(staged.uri)).arrayBuffer());
    expect(md5(fetched)).toBe(md5(bytes));
    // A retry finds the object there and sends nothing.
    expect((await s3.stage(request)).bytesSent).toBe(0);
    s3.close();
  });

  it('presigns for one hour unless the settings say otherwise', async () => {
    const s3 = service.info.s3!;
    const settings = {
      kind: 's3' as const,
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: s3.bucket,
      prefix: 'site-b/',
      pathStyle: true,
    };
    const deps = {
      secrets: new InMemorySecretStore(),
      redactor: new Redactor(),
      clock: systemClock,
    };
    await saveS3Keys(
      settings,
      { accessKeyId: s3.access_key_id, secretAccessKey: s3.secret_access_key },
      deps,
    );
    const request = { path: file, md5: md5(bytes), format: 'jpeg' as const, size: bytes.length };
    const hourly = await openPhotoHost(settings, deps);
    expect(new URL((await hourly.stage(request)).uri).searchParams.get('X-Amz-Expires')).toBe(
      '3600',
    );
    hourly.close?.();
    const daily = await openPhotoHost({ ...settings, urlLifetimeSeconds: 86_400 }, deps);
    expect(new URL((await daily.stage(request)).uri).searchParams.get('X-Amz-Expires')).toBe(
      '86400',
    );
    daily.close?.();
  });

  it('sends the photo again when the object at its key has the same length but other bytes', async () => {
    const s3 = host();
    const request = { path: file, md5: md5(bytes), format: 'jpeg' as const, size: bytes.length };
    // Same key and length, different content (a damaged or foreign object).
    const impostor = Buffer.from(bytes);
    impostor[100] = (impostor[100]! + 1) % 256;
    const raw = new S3Client({
      region: service.info.s3!.region,
      endpoint: service.info.s3!.endpoint,
      forcePathStyle: true,
      credentials: {
        accessKeyId: service.info.s3!.access_key_id,
        secretAccessKey: service.info.s3!.secret_access_key,
      },
    });
    await raw.send(
      new PutObjectCommand({
        Bucket: service.info.s3!.bucket,
        Key: s3.keyFor(request),
        Body: impostor,
      }),
    );
    raw.destroy();
    const staged = await s3.stage(request);
    expect(staged.bytesSent).toBe(bytes.length);
    expect(md5(Buffer.from(await (await fetch(staged.uri)).arrayBuffer()))).toBe(md5(bytes));
    expect((await s3.stage(request)).bytesSent).toBe(0);
    s3.close();
  });

  it('uploads from the file it was handed, not from the path again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'host-fd-'));
    const path = join(dir, 'photo.jpg');
    const original = Buffer.concat([
      bytes.subarray(0, 2000),
      Buffer.from('fd'),
      bytes.subarray(2000),
    ]);
    await writeFile(path, original);
    const handle = await open(path, 'r');
    // Swapped after the check: another file now sits at the path.
    await writeFile(join(dir, 'swap.jpg'), bytes);
    await rename(join(dir, 'swap.jpg'), path);
    const s3 = host();
    try {
      const staged = await s3.stage({
        path,
        md5: md5(original),
        format: 'jpeg',
        size: original.length,
        file: handle,
      });
      expect(staged.bytesSent).toBe(original.length);
      expect(md5(Buffer.from(await (await fetch(staged.uri)).arrayBuffer()))).toBe(md5(original));
    } finally {
      await handle.close();
      s3.close();
    }
  });

  it('refuses wrong keys with a reason for the user, and a bad MD5 is caught by the store', async () => {
    const wrong = host('not-the-secret');
    await expect(
      wrong.stage({ path: file, md5: md5(bytes), format: 'jpeg', size: bytes.length }),
    ).rejects.toBeInstanceOf(StagingError);
    await expect(wrong.test()).rejects.toThrow(/refused the access keys/);
    wrong.close();
    const right = host();
    await expect(right.test()).resolves.toBeUndefined();
    right.close();
  });

  it('treats an unreachable store as a network problem (retried), not a failure', async () => {
    const s3 = new S3PhotoHost(
      {
        endpoint: 'http://127.0.0.1:9',
        region: 'us-east-1',
        bucket: 'b',
        prefix: '',
        pathStyle: true,
        accessKeyId: 'k',
        secretAccessKey: 's',
        urlLifetimeSeconds: 60,
      },
      systemClock,
    );
    await expect(
      s3.stage({ path: file, md5: md5(bytes), format: 'jpeg', size: bytes.length }),
    ).rejects.toBeInstanceOf(NetworkError);
    s3.close();
  });
});

describe('PublishedFolderHost', () => {
  it('maps a file under the published folder to its URL, encoded, without copying it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'published-'));
    await mkdir(join(root, 'Level 2'));
    await writeFile(join(root, 'Level 2', 'north #1.jpg'), 'x');
    const host = new PublishedFolderHost({ root, urlPrefix: 'https://photos.example.com/site' });
    const staged = await host.stage({
      path: join(root, 'Level 2', 'north #1.jpg'),
      md5: 'a'.repeat(32),
      format: 'jpeg',
      size: 1,
    });
    expect(staged).toEqual({
      uri: 'https://photos.example.com/site/Level%202/north%20%231.jpg',
      expiresAt: undefined,
      bytesSent: 0,
    });
  });

  it('refuses a file outside the folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'published-'));
    const outside = join(await mkdtemp(join(tmpdir(), 'elsewhere-')), 'a.jpg');
    await writeFile(outside, 'x');
    const host = new PublishedFolderHost({ root, urlPrefix: 'https://photos.example.com/' });
    await expect(
      host.stage({ path: outside, md5: 'a'.repeat(32), format: 'jpeg', size: 1 }),
    ).rejects.toThrow(/not inside the published folder/);
  });
});
