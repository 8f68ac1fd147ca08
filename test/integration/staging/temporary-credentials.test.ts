import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/domain/clock';
import type { AwsCredentials } from '../../../main/staging/aws-profile-credentials';
import { S3PhotoHost } from '../../../main/staging/s3-photo-host';
import { md5, startTestService, type TestService } from '../../support/photo-service-harness';

// Issue 23 §3: a presigned URL made with temporary credentials (IAM Identity Center,
// credential_process, an assumed role) dies with them, so it must never be said to live longer.

describe('presigned URLs from temporary credentials', () => {
  let service: TestService;
  let folder: string;
  let file: string;
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8, 0xff, 0xd9]);
  const request = () => ({
    path: file,
    md5: md5(bytes),
    format: 'jpeg' as const,
    size: bytes.length,
  });

  /** A host whose provider hands out the store's keys, expiring `lifetimes[n]` ms from now. */
  function hostWith(lifetimes: number[]): { host: S3PhotoHost; calls: () => number } {
    const s3 = service.info.s3!;
    let calls = 0;
    const credentials = (): Promise<AwsCredentials> => {
      const lifetime = lifetimes[Math.min(calls, lifetimes.length - 1)]!;
      calls += 1;
      return Promise.resolve({
        accessKeyId: s3.access_key_id,
        secretAccessKey: s3.secret_access_key,
        sessionToken: `session-${calls}`,
        expiration: new Date(Date.now() + lifetime),
      });
    };
    const host = new S3PhotoHost(
      {
        endpoint: s3.endpoint,
        region: s3.region,
        bucket: s3.bucket,
        prefix: 'temporary/',
        pathStyle: true,
        credentials,
        urlLifetimeSeconds: 3600,
      },
      systemClock,
    );
    return { host, calls: () => calls };
  }

  beforeAll(async () => {
    service = await startTestService({ withS3: true });
    folder = await mkdtemp(join(tmpdir(), 'temporary-credentials-'));
    file = join(folder, 'photo.jpg');
    await writeFile(file, bytes);
  });
  afterAll(async () => {
    await service?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('credentials with hours left: the URL lives its configured hour, fetched once', async () => {
    const { host, calls } = hostWith([8 * 3600_000]);
    const staged = await host.stage(request());
    expect(new URL(staged.uri).searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(new URL(staged.uri).searchParams.get('X-Amz-Security-Token')).toBe('session-1');
    expect(host.urlLifetimeMs).toBe(3600_000);
    await host.stage(request());
    expect(calls()).toBe(1);
    host.close();
  });

  it('credentials about to run out are renewed before signing, so the URL lives its hour', async () => {
    // 20 minutes left: the SDK would keep them (it renews 5 minutes before), the URL would not.
    const { host, calls } = hostWith([20 * 60_000, 8 * 3600_000]);
    const staged = await host.stage(request());
    expect(calls()).toBe(2);
    expect(new URL(staged.uri).searchParams.get('X-Amz-Security-Token')).toBe('session-2');
    expect(new URL(staged.uri).searchParams.get('X-Amz-Expires')).toBe('3600');
    host.close();
  });

  it('credentials that never last an hour: the URL lives no longer than they do, and says so', async () => {
    const { host } = hostWith([15 * 60_000]);
    const before = Date.now();
    const staged = await host.stage(request());
    const expires = Number(new URL(staged.uri).searchParams.get('X-Amz-Expires'));
    expect(expires).toBeLessThanOrEqual(15 * 60 - 30);
    expect(expires).toBeGreaterThan(15 * 60 - 60);
    expect(staged.expiresAt).toBeLessThanOrEqual(before + 15 * 60_000);
    // The engine renews a URL against this: half of it is left at once, never a loop of renewals.
    expect(host.urlLifetimeMs).toBe(expires * 1000);
    const fetched = await fetch(staged.uri);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
    host.close();
  });
});
