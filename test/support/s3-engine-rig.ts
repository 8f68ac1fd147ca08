import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { RateBucket } from '../../main/api/pacing';
import { PhotoServiceApi } from '../../main/api/photo-service-api';
import type { HttpAgent } from '../../main/http/http-agent';
import { silentLogger } from '../../main/logging/logger';
import { hashFile } from '../../main/media/hash-file';
import { QueueStore } from '../../main/queue/queue-store';
import { type EngineOptions, UploadEngine } from '../../main/queue/upload-engine';
import { type S3HostConfig, S3PhotoHost } from '../../main/staging/s3-photo-host';
import { systemClock } from '../../shared/domain/clock';
import { loopbackBrowser, makeSession } from './auth-harness';
import { md5, type TestService } from './photo-service-harness';

/** The real engine, queue, API client and S3 host, in process, against a local service. */
export type S3EngineRig = {
  readonly api: PhotoServiceApi;
  readonly host: S3PhotoHost;
  readonly store: QueueStore;
  readonly engine: UploadEngine;
  /** Queues these JPEG files (hashed as intake does) for the service's first project. */
  queue(paths: readonly string[]): Promise<void>;
  close(): Promise<void>;
};

/**
 * Starts the engine against `service` (started with `withS3`, `autoApprove` and
 * `allowPrivateFetch`), signed in, with no pacing in the way. `host` overrides the S3 host's
 * settings (e.g. a lower multipart threshold); `hostDispatcher` and `apiPool` replace the
 * connections the host and the API client would make for themselves (the app's own by default).
 */
export async function startS3EngineRig(
  service: TestService,
  options: {
    readonly engine: Partial<EngineOptions> & { readonly concurrency: number };
    readonly host?: Partial<S3HostConfig>;
    readonly hostDispatcher?: Dispatcher;
    readonly apiPool?: () => HttpAgent;
  },
): Promise<S3EngineRig> {
  const kit = makeSession(service.info, { browser: loopbackBrowser() });
  await kit.session.signIn();
  const open = { limit: 100_000, windowMs: 1000 };
  const api = new PhotoServiceApi(
    kit.session,
    service.info.base_url,
    { writes: new RateBucket(systemClock, open), reads: new RateBucket(systemClock, open) },
    systemClock,
    silentLogger,
    ...(options.apiPool ? [options.apiPool] : []),
  );
  const s3 = service.info.s3!;
  const host = new S3PhotoHost(
    {
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: s3.bucket,
      prefix: '',
      pathStyle: true,
      accessKeyId: s3.access_key_id,
      secretAccessKey: s3.secret_access_key,
      urlLifetimeSeconds: 3600,
      ...options.host,
    },
    systemClock,
    options.hostDispatcher,
  );
  const folder = await mkdtemp(join(tmpdir(), 's3-engine-rig-'));
  const store = new QueueStore(join(folder, 'queue.db'), systemClock);
  const engine = new UploadEngine(store, api, host, systemClock, silentLogger, options.engine);
  const projectId = service.info.projects[0]!.id;
  return {
    api,
    host,
    store,
    engine,
    async queue(paths) {
      const items = [];
      for (const [index, path] of paths.entries()) {
        const hashed = await hashFile(path, 'jpeg');
        items.push({
          path,
          size: hashed.size,
          format: 'jpeg' as const,
          md5: hashed.md5,
          capturedAt: 1_714_550_400 + index * 60,
          coordinates: null,
          projectId,
          description: '',
          internal: false,
        });
      }
      store.addPhotos(items);
    },
    async close() {
      store.close();
      host.close();
      await api.close();
      await kit.dispatcher.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A file of `bytes` random bytes that the service takes for a JPEG (its magic bytes first),
 * written to `path`; returns its bytes and MD5.
 */
export async function writeRandomJpeg(
  path: string,
  bytes: number,
): Promise<{ path: string; bytes: Buffer; md5: string }> {
  const content = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(bytes - 4)]);
  await writeFile(path, content);
  return { path, bytes: content, md5: md5(content) };
}
