import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/domain/clock';
import { InsecureAddressError } from '../../../shared/domain/secure-address';
import { PublishedFolderHost } from '../../../main/staging/published-folder-host';
import { type S3HostConfig, S3PhotoHost } from '../../../main/staging/s3-photo-host';
import { startTestService, type TestService } from '../../support/photo-service-harness';

const REFUSAL = (address: string) =>
  new InsecureAddressError(
    `The address ${address} is not secure: use https (plain http is allowed only on this computer, 127.0.0.1 or localhost)`,
  );

describe('Photo hosts take only https addresses, or plain http on this computer', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ withS3: true });
  });
  afterAll(() => service.close());

  const s3Config = (endpoint: string): S3HostConfig => {
    const s3 = service.info.s3!;
    return {
      endpoint,
      region: s3.region,
      bucket: s3.bucket,
      prefix: '',
      pathStyle: true,
      accessKeyId: s3.access_key_id,
      secretAccessKey: s3.secret_access_key,
      urlLifetimeSeconds: 3600,
    };
  };

  it('refuses a plain-http S3 endpoint elsewhere, naming it, and works with the local store', async () => {
    expect(() => new S3PhotoHost(s3Config('http://minio.example.com:9000'), systemClock)).toThrow(
      REFUSAL('http://minio.example.com:9000'),
    );
    const endpoint = service.info.s3!.endpoint;
    expect(new URL(endpoint).protocol).toBe('http:');
    const local = new S3PhotoHost(s3Config(endpoint), systemClock);
    await expect(local.test()).resolves.toBeUndefined();
    local.close();
  });

  it('refuses a plain-http published URL elsewhere, naming it, and maps files under a local one', async () => {
    const root = await mkdtemp(join(tmpdir(), 'published-'));
    await writeFile(join(root, 'a.jpg'), 'x');
    expect(
      () => new PublishedFolderHost({ root, urlPrefix: 'http://photos.example.com/site/' }),
    ).toThrow(REFUSAL('http://photos.example.com'));
    const local = new PublishedFolderHost({ root, urlPrefix: 'http://localhost:8080/site/' });
    const staged = await local.stage({
      path: join(root, 'a.jpg'),
      md5: 'a'.repeat(32),
      format: 'jpeg',
      size: 1,
    });
    expect(staged.uri).toBe('http://localhost:8080/site/a.jpg');
  });
});
