import { join } from 'node:path';
import { systemClock } from '../../shared/domain/clock';
import { DEFAULT_READ_LIMIT, DEFAULT_WRITE_LIMIT, RateBucket } from '../api/pacing';
import { PhotoServiceApi } from '../api/photo-service-api';
import type { AuthSession } from '../auth/auth-session';
import { PrintingBrowser } from '../platform/system-browser';
import { UploadEngine } from '../queue/upload-engine';
import { QueueStore } from '../queue/queue-store';
import type { PhotoHostSettings } from '../settings/settings-store';
import type { PhotoHost } from '../staging/photo-host';
import { PublishedFolderHost } from '../staging/published-folder-host';
import { DEFAULT_URL_LIFETIME_SECONDS, S3PhotoHost } from '../staging/s3-photo-host';
import { type CliContext, UsageError } from './cli-context';

/** Environment variables that carry S3 keys the first time (then the keychain keeps them). */
export const S3_KEY_ENV = 'PHOTO_UPLOADER_S3_ACCESS_KEY_ID';
export const S3_SECRET_ENV = 'PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY';

/** Keychain names of an S3 host's keys: per endpoint and bucket. */
export function s3SecretNames(host: Extract<PhotoHostSettings, { kind: 's3' }>) {
  const owner = `${host.endpoint ?? 'aws'} ${host.bucket}`;
  return {
    accessKeyId: `s3-access-key-id ${owner}`,
    secretAccessKey: `s3-secret-access-key ${owner}`,
  };
}

async function makeHost(context: CliContext, host: PhotoHostSettings): Promise<PhotoHost> {
  if (host.kind === 'published')
    return new PublishedFolderHost({ root: host.root, urlPrefix: host.urlPrefix });
  const names = s3SecretNames(host);
  const fromEnv = { id: context.env[S3_KEY_ENV], secret: context.env[S3_SECRET_ENV] };
  if (fromEnv.id && fromEnv.secret) {
    context.redactor.add(fromEnv.secret);
    await context.secrets.set(names.accessKeyId, fromEnv.id);
    await context.secrets.set(names.secretAccessKey, fromEnv.secret);
  }
  const accessKeyId = fromEnv.id || (await context.secrets.get(names.accessKeyId));
  const secretAccessKey = fromEnv.secret || (await context.secrets.get(names.secretAccessKey));
  if (!accessKeyId || !secretAccessKey) {
    throw new UsageError(
      `No keys for the S3 photo host: set ${S3_KEY_ENV} and ${S3_SECRET_ENV} once (they are then kept in the keychain)`,
    );
  }
  context.redactor.add(secretAccessKey);
  return new S3PhotoHost(
    {
      endpoint: host.endpoint,
      region: host.region,
      bucket: host.bucket,
      prefix: host.prefix,
      pathStyle: host.pathStyle,
      accessKeyId,
      secretAccessKey,
      urlLifetimeSeconds: host.urlLifetimeSeconds ?? DEFAULT_URL_LIFETIME_SECONDS,
    },
    systemClock,
  );
}

/** The queue, API, photo host and engine of the command line, built once. */
export type UploadKit = {
  readonly store: QueueStore;
  readonly session: AuthSession;
  readonly api: PhotoServiceApi;
  readonly engine: UploadEngine;
  close(): Promise<void>;
};

/** Opens the queue in the data folder (no service needed: queue, pause, retry, report). */
export function openQueue(context: CliContext): QueueStore {
  return new QueueStore(join(context.dataDir, 'queue.db'), systemClock);
}

/** Everything `sync` needs: a signed-in session, the API, the photo host and the engine. */
export async function openUploadKit(context: CliContext, store: QueueStore): Promise<UploadKit> {
  const auth = context.resolveAuth();
  if (auth.baseUrl === undefined)
    throw new UsageError('No API address: pass --base-url (login saves it)');
  const hostSettings = context.saved.photoHost;
  if (hostSettings === undefined)
    throw new UsageError('No photo host is configured: pass --host s3 … or --host published …');
  const session = await context.openSession(new PrintingBrowser(process.stderr));
  const pacing = context.saved.pacing;
  const api = new PhotoServiceApi(
    session,
    auth.baseUrl,
    {
      writes: new RateBucket(
        systemClock,
        pacing ? { limit: pacing.writesPerWindow, windowMs: pacing.windowMs } : DEFAULT_WRITE_LIMIT,
      ),
      reads: new RateBucket(
        systemClock,
        pacing ? { limit: pacing.readsPerWindow, windowMs: pacing.windowMs } : DEFAULT_READ_LIMIT,
      ),
    },
    systemClock,
    context.logger.child('api'),
  );
  const host = await makeHost(context, hostSettings);
  const engine = new UploadEngine(store, api, host, systemClock, context.logger.child('engine'), {
    concurrency: context.saved.concurrency ?? 4,
    backoff:
      pacing?.maxBackoffMs === undefined
        ? undefined
        : { baseMs: Math.min(1000, pacing.maxBackoffMs), capMs: pacing.maxBackoffMs },
  });
  return {
    store,
    session,
    api,
    engine,
    async close() {
      await api.close();
      if (host instanceof S3PhotoHost) host.close();
    },
  };
}
