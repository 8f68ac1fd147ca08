import { join } from 'node:path';
import { systemClock } from '../../shared/domain/clock';
import type { PhotoServiceApi } from '../api/photo-service-api';
import { SEED_S3_KEY_ENV, SEED_S3_SECRET_ENV } from '../core/seed-settings';
import { createPhotoServiceApi, engineOptions } from '../core/service-connection';
import type { AuthSession } from '../auth/auth-session';
import { PrintingBrowser } from '../platform/system-browser';
import { UploadEngine } from '../queue/upload-engine';
import { QueueStore } from '../queue/queue-store';
import type { PhotoHostSettings } from '../settings/settings-store';
import { MissingHostKeys, openPhotoHost, saveS3Keys } from '../staging/open-photo-host';
import { type CliContext, UsageError } from './cli-context';

async function makeHost(context: CliContext, host: PhotoHostSettings) {
  const fromEnv = { id: context.env[SEED_S3_KEY_ENV], secret: context.env[SEED_S3_SECRET_ENV] };
  if (host.kind === 's3' && fromEnv.id && fromEnv.secret)
    await saveS3Keys(host, { accessKeyId: fromEnv.id, secretAccessKey: fromEnv.secret }, context);
  try {
    return await openPhotoHost(host, { ...context, clock: systemClock });
  } catch (error) {
    if (error instanceof MissingHostKeys)
      throw new UsageError(
        `No keys for the S3 photo host: set ${SEED_S3_KEY_ENV} and ${SEED_S3_SECRET_ENV} once (they are then kept in the keychain)`,
      );
    throw error;
  }
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
  const api = createPhotoServiceApi(
    session,
    auth.baseUrl,
    context.saved.pacing,
    systemClock,
    context.logger.child('api'),
  );
  const host = await makeHost(context, hostSettings);
  const engine = new UploadEngine(
    store,
    api,
    host,
    systemClock,
    context.logger.child('engine'),
    engineOptions(context.saved),
  );
  return {
    store,
    session,
    api,
    engine,
    async close() {
      await api.close();
      host.close?.();
    },
  };
}
