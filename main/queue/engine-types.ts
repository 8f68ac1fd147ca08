import type { Words } from '../../shared/i18n/translator';
import type { BandwidthLimiter } from '../staging/bandwidth-limiter';
import type { UploadSchedule } from '../../shared/domain/upload-hours';
import type { ConversionOptions } from '../staging/prepared-upload';
import type { QueueItem } from './queue-store';

/** What the engine as a whole is doing. */
export type EngineCondition = 'idle' | 'running' | 'offline' | 'needs-sign-in';

/** What the engine tells its listeners: an item's new journaled state, or a new condition. */
export type EngineEvent =
  | { readonly type: 'item'; readonly item: QueueItem }
  | { readonly type: 'condition'; readonly condition: EngineCondition }
  /** The upload hours closed (`reason` says until when) or opened again (no reason). */
  | { readonly type: 'hours'; readonly reason: Words | undefined };

/** Counts of answers that made the engine wait. */
export type EngineStats = { rateLimited: number; serverErrors: number; networkErrors: number };

/** How the upload engine works: concurrency, retry waits, the file limit, and its clock's waits. */
export type EngineOptions = {
  /** Items worked on at once; staging of one overlaps creating of another. */
  readonly concurrency: number;
  readonly random?: () => number;
  /** Retry waits: exponential from `baseMs`, at most `capMs` (default 1 s to 60 s). */
  readonly backoff?: { readonly baseMs: number; readonly capMs: number } | undefined;
  /** The largest file uploaded, in bytes (default `DEFAULT_MAX_FILE_BYTES`). */
  readonly maxFileBytes?: number | undefined;
  /**
   * Waits `ms` (or less when `signal` aborts). Default: real time. Tests pass one that moves their
   * clock, so hours of polling take milliseconds.
   */
  readonly wait?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** How HEIC/HEIF and TIFF photos are sent; without it, every original is sent unchanged. */
  readonly conversion?: ConversionOptions | undefined;
  /** The bandwidth cap on bytes sent to the photo host, one for all lanes; none: no cap. */
  readonly bandwidth?: BandwidthLimiter | undefined;
  /** Upload hours: outside them nothing is sent (no staging, no create); none: any time. */
  readonly uploadHours?: UploadSchedule | undefined;
  /** The zone the hours are read in (default: this computer's). */
  readonly zone?: string | undefined;
  /** Whether the computer runs on battery now, when the user asked to pause then; none: never. */
  readonly onBattery?: (() => boolean) | undefined;
};
