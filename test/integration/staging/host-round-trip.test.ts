import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/domain/clock';
import { testHostRoundTrip } from '../../../main/staging/host-round-trip';
import { PublishedFolderHost } from '../../../main/staging/published-folder-host';
import { S3PhotoHost } from '../../../main/staging/s3-photo-host';
import { requireKeychain } from '../../support/keychain';
import { startTestService, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { runCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

/** A web server publishing `folder` at `/site/`; anything else is 404, `/other/*` is 200 "hello". */
async function publish(folder: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/other/')) {
      response.end('hello');
      return;
    }
    if (!path.startsWith('/site/') || path.includes('..')) {
      response.writeHead(404).end();
      return;
    }
    readFile(join(folder, path.slice('/site/'.length)))
      .then((bytes) => response.end(bytes))
      .catch(() => response.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('the photo host test makes a real round trip'),
  () => {
    let service: TestService;
    let folder: string;
    let web: { server: Server; origin: string };

    const s3Host = (bucket?: string) => {
      const s3 = service.info.s3!;
      return new S3PhotoHost(
        {
          endpoint: s3.endpoint,
          region: s3.region,
          bucket: bucket ?? s3.bucket,
          prefix: 'host-test/',
          pathStyle: true,
          accessKeyId: s3.access_key_id,
          secretAccessKey: s3.secret_access_key,
          urlLifetimeSeconds: 600,
        },
        systemClock,
      );
    };

    beforeAll(async () => {
      await requireKeychain();
      service = await startTestService({ withS3: true });
      folder = await mkdtemp(join(tmpdir(), 'published-'));
      web = await publish(folder);
    });
    afterAll(async () => {
      await service?.close();
      web?.server.close();
      await rm(folder, { recursive: true, force: true });
    });

    it('through the S3 store: puts, fetches the presigned URL, compares, removes the test image', async () => {
      const host = s3Host();
      const result = await testHostRoundTrip(host);
      expect(result).toMatchObject({ ok: true });
      const s3 = service.info.s3!;
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.access_key_id, secretAccessKey: s3.secret_access_key },
      });
      const left = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'host-test/' }),
      );
      expect(left.KeyCount ?? 0).toBe(0);
      client.destroy();
      host.close();
    });

    it('fails at put for a bucket that does not exist', async () => {
      const host = s3Host('no-such-bucket');
      const result = await testHostRoundTrip(host);
      expect(result).toMatchObject({ ok: false, step: 'put' });
      expect(result.message).toContain('failed while putting a test image');
      host.close();
    });

    it('through a published folder: only the right URL prefix passes', async () => {
      const right = new PublishedFolderHost({ root: folder, urlPrefix: `${web.origin}/site/` });
      expect(await testHostRoundTrip(right)).toMatchObject({ ok: true });
      expect(await readdir(folder)).toEqual([]);

      // A prefix where nothing is published: the file is not found there.
      const nowhere = new PublishedFolderHost({ root: folder, urlPrefix: `${web.origin}/photos/` });
      const missing = await testHostRoundTrip(nowhere);
      expect(missing).toMatchObject({ ok: false, step: 'fetch' });
      expect(missing.message).toContain('404');

      // A prefix that answers, but with something else than the photo.
      const elsewhere = new PublishedFolderHost({
        root: folder,
        urlPrefix: `${web.origin}/other/`,
      });
      expect(await testHostRoundTrip(elsewhere)).toMatchObject({ ok: false, step: 'compare' });
      expect(await readdir(folder)).toEqual([]);
    });

    it('on the command line: exit 0 only when the round trip holds', async () => {
      const s3 = service.info.s3!;
      const env = {
        PHOTO_UPLOADER_S3_ACCESS_KEY_ID: s3.access_key_id,
        PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY: s3.secret_access_key,
      };
      const s3Flags = (bucket: string) => [
        '--host',
        's3',
        '--s3-endpoint',
        s3.endpoint,
        '--s3-region',
        s3.region,
        '--s3-bucket',
        bucket,
        '--s3-path-style',
      ];
      const dataDir = await mkdtemp(join(tmpdir(), 'host-test-cli-'));
      try {
        const ok = await runCli(['host-test', '--data-dir', dataDir, ...s3Flags(s3.bucket)], env);
        expect(ok.code, ok.stderr).toBe(0);
        expect(ok.stdout).toContain('matched byte for byte');

        const wrongBucket = await runCli(
          ['host-test', '--data-dir', dataDir, ...s3Flags('no-such-bucket')],
          env,
        );
        expect(wrongBucket.code).toBe(1);
        expect(wrongBucket.stderr).toContain('failed while putting a test image');

        const site = join(dataDir, 'site');
        await mkdir(site);
        const wrongUrl = await runCli([
          'host-test',
          '--data-dir',
          dataDir,
          '--host',
          'published',
          '--published-root',
          site,
          '--published-url',
          `${web.origin}/photos/`,
        ]);
        expect(wrongUrl.code).toBe(1);
        expect(wrongUrl.stderr).toContain('failed while downloading the test image');
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
