import type { Clock } from '../../shared/domain/clock';
import { DEFAULT_READ_LIMIT, DEFAULT_WRITE_LIMIT, RateBucket } from '../api/pacing';
import { PhotoServiceApi } from '../api/photo-service-api';
import { type AuthConfig, AuthSession, type AuthSessionDeps } from '../auth/auth-session';
import type { HttpAgent } from '../http/http-agent';
import type { Logger } from '../logging/logger';
import type { EngineOptions } from '../queue/upload-engine';
import { parseUploadSchedule } from '../../shared/domain/upload-hours';
import { BandwidthLimiter } from '../staging/bandwidth-limiter';
import type { Settings } from '../settings/settings-store';

/** The API client for `baseUrl`, paced as the settings say (default: the service's published limits). */
export function createPhotoServiceApi(
  session: AuthSession,
  baseUrl: string,
  pacing: Settings['pacing'],
  clock: Clock,
  logger: Logger,
  createPool?: () => HttpAgent,
): PhotoServiceApi {
  return new PhotoServiceApi(
    session,
    baseUrl,
    {
      writes: new RateBucket(
        clock,
        pacing ? { limit: pacing.writesPerWindow, windowMs: pacing.windowMs } : DEFAULT_WRITE_LIMIT,
      ),
      reads: new RateBucket(
        clock,
        pacing ? { limit: pacing.readsPerWindow, windowMs: pacing.windowMs } : DEFAULT_READ_LIMIT,
      ),
    },
    clock,
    logger,
    createPool,
  );
}

/** The engine's options from the settings: lanes, the retry wait cap, the bandwidth cap and hours. */
export function engineOptions(settings: Settings): EngineOptions {
  const cap = settings.pacing?.maxBackoffMs;
  return {
    concurrency: settings.concurrency ?? 4,
    maxFileBytes: settings.maxFileBytes,
    backoff: cap === undefined ? undefined : { baseMs: Math.min(1000, cap), capMs: cap },
    // One limiter per engine: every lane of it sends through the same cap.
    bandwidth: settings.maxUploadBytesPerSecond
      ? new BandwidthLimiter(settings.maxUploadBytesPerSecond)
      : undefined,
    uploadHours: settings.uploadHours ? parseUploadSchedule(settings.uploadHours) : undefined,
  };
}

/** What the app needs to reach one Photo Service. */
export type ServiceConnection = {
  readonly session: AuthSession;
  /** Undefined when no API address is configured (sign-in still works). */
  readonly api: PhotoServiceApi | undefined;
  close(): Promise<void>;
};

/** What a connection needs besides its configuration: the session's own dependencies. */
export type ConnectionDeps = Omit<AuthSessionDeps, 'config'> & {
  /** A fresh connection pool for the API client (its proxy and certificates); the default otherwise. */
  readonly createPool?: () => HttpAgent;
};

/** Opens the sign-in session (restored from the keychain) and the API client for one service. */
export async function openServiceConnection(
  config: AuthConfig,
  baseUrl: string | undefined,
  pacing: Settings['pacing'],
  deps: ConnectionDeps,
): Promise<ServiceConnection> {
  const { createPool, ...sessionDeps } = deps;
  const session = new AuthSession({ ...sessionDeps, config, logger: deps.logger.child('auth') });
  await session.restore();
  const api =
    baseUrl === undefined
      ? undefined
      : createPhotoServiceApi(
          session,
          baseUrl,
          pacing,
          deps.clock,
          deps.logger.child('api'),
          createPool,
        );
  return {
    session,
    api,
    async close() {
      await session.dispose();
      await api?.close();
    },
  };
}
