import type { Clock } from '../../shared/domain/clock';
import type { ServicePhoto } from '../api/api-schemas';
import type { Disposition } from '../api/api-errors';
import { backoffMs } from '../api/pacing';
import type { CreateAnswer, PhotoServiceClient } from '../api/photo-service-client';
import { NetworkError } from '../http/network-error';
import type { Logger } from '../logging/logger';
import { DEFAULT_MAX_FILE_BYTES } from '../media/file-limits';
import { type PhotoHost, StagingError } from '../staging/photo-host';
import { prepareUpload } from '../staging/prepared-upload';
import { tryDescriptionEdit } from './description-edit';
import { afterCopyLookup, lookForCopy, needsDuplicateCheck } from './duplicate-check';
import { throttledProgress } from './stage-progress';
import { countAndClassify, isStatus, parkedChange } from './engine-parking';
import type { EngineCondition, EngineEvent, EngineOptions, EngineStats } from './engine-types';
import { lookForPhoto } from './find-photo';
import { OfflineProbe } from './offline-probe';
import {
  afterProcessingStatus,
  afterUnresolvedLookup,
  FIRST_POLL_AFTER_CREATE_MS,
  realWait,
} from './service-waits';
import type { QueueItem, QueueStore } from './queue-store';

export type { EngineCondition, EngineEvent, EngineOptions, EngineStats } from './engine-types';

/** A staged URL is renewed when it would expire before the service could fetch it. */
const URL_MARGIN_MS = 30 * 60_000;

/** Thrown inside a step when it must stop and leave the item for later. */
class Parked extends Error {}

/**
 * Runs the upload queue: every photo through stage → create → verify, one journaled state at a
 * time, each committed before the side effect it leads to.
 *
 * - A `creating` item (the answer to its create was lost, or the app died) is reconciled before
 *   anything is resent: the project's photos at its capture time are searched for its MD5; a
 *   match is adopted, a candidate still processing is waited for, and only when none can match
 *   is the create sent again.
 * - 429, 5xx and network errors never fail an item; offline and a lost session are conditions
 *   of the whole engine, which waits and resumes by itself.
 */
export class UploadEngine {
  readonly #inFlight = new Set<number>();
  readonly #listeners = new Set<(event: EngineEvent) => void>();
  readonly #random: () => number;
  readonly #wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #stats: EngineStats = { rateLimited: 0, serverErrors: 0, networkErrors: 0 };
  readonly #probe: OfflineProbe;
  #condition: EngineCondition = 'idle';

  constructor(
    private readonly store: QueueStore,
    private readonly api: PhotoServiceClient,
    private readonly host: PhotoHost,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: EngineOptions,
  ) {
    this.#random = options.random ?? Math.random;
    this.#wait = options.wait ?? realWait;
    this.#probe = new OfflineProbe(api, this.#wait, logger, (condition) =>
      this.#setCondition(condition),
    );
  }

  /** What the engine as a whole is doing now. */
  get condition(): EngineCondition {
    return this.#condition;
  }

  /** What the engine met on the way, for the report: answers that made it wait. */
  get stats(): Readonly<EngineStats> {
    return { ...this.#stats };
  }

  /** Counts what an error says about the service, then classifies it. */
  #dispose(error: unknown): Disposition {
    return countAndClassify(this.#stats, error);
  }

  /** Calls `listener` with every item change and condition; returns the unsubscribe function. */
  onEvent(listener: (event: EngineEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Works until nothing is left to do without the user (every item done, waiting for the user,
   * paused or cancelled), or until the session needs a new sign-in, or `signal` aborts.
   */
  async runUntilIdle(signal?: AbortSignal): Promise<EngineCondition> {
    this.#setCondition('running');
    await Promise.all(Array.from({ length: this.options.concurrency }, () => this.#lane(signal)));
    const ended = this.#condition === 'needs-sign-in' ? 'needs-sign-in' : 'idle';
    this.#setCondition(ended);
    return ended;
  }

  async #lane(signal?: AbortSignal): Promise<void> {
    while (!signal?.aborted && this.#condition !== 'needs-sign-in') {
      if (this.#probe.offline) {
        await this.#probe.waitAWhile(signal);
        continue;
      }
      const [item] = this.store.due(this.clock.now(), this.#inFlight, 1);
      if (item === undefined) {
        const next = this.store.nextDueAt();
        if (next === undefined && this.#inFlight.size === 0) return;
        await this.#wait(
          Math.min(1000, Math.max(20, (next ?? this.clock.now() + 200) - this.clock.now())),
          signal,
        );
        continue;
      }
      this.#inFlight.add(item.id);
      try {
        await this.#step(item, signal);
      } catch (error) {
        // A stop (abort) leaves the item where its journal says; it resumes next time.
        if (!(error instanceof Parked) && !signal?.aborted)
          this.logger.error('unexpected error in an upload step', { item: item.id, error });
      } finally {
        this.#inFlight.delete(item.id);
      }
    }
  }

  async #step(item: QueueItem, signal?: AbortSignal): Promise<void> {
    if (item.kind === 'description') return this.#describe(item, signal);
    switch (item.state) {
      case 'queued':
        return this.#stage(item, signal);
      case 'staged':
        return this.#create(item, signal);
      case 'creating':
        return this.#reconcile(item, signal);
      case 'created':
        return item.photo_id === null
          ? this.#findAccepted(item, signal)
          : this.#verify(item, signal);
      case 'done':
      case 'needs-attention':
      case 'cancelled':
        return undefined;
    }
  }

  #save(item: QueueItem, change: Parameters<QueueStore['update']>[1]): QueueItem {
    const saved = this.store.update(item.id, change);
    this.#emit({ type: 'item', item: saved });
    return saved;
  }

  /** Parks an item after a failure, as the error's disposition says. `rollback` is the state to return to. */
  #park(
    item: QueueItem,
    disposition: Disposition,
    rollback: Parameters<QueueStore['update']>[1] = {},
  ): never {
    this.#save(
      item,
      parkedChange(item, disposition, rollback, this.clock.now(), (attempts) =>
        backoffMs(
          attempts,
          this.#random,
          this.options.backoff?.baseMs,
          this.options.backoff?.capMs,
        ),
      ),
    );
    // Offline and a lost session are conditions of the whole engine, not of this item.
    if (disposition.kind === 'wait-for-network') this.#probe.goOffline();
    else if (disposition.kind === 'wait-for-sign-in') this.#setCondition('needs-sign-in');
    throw new Parked();
  }

  /** When the current wait on the service began; an item from before this was recorded starts now. */
  #waitingSince(item: QueueItem): number {
    if (item.waiting_since !== null) return item.waiting_since;
    const now = this.clock.now();
    this.store.update(item.id, { waiting_since: now });
    return now;
  }

  async #stage(item: QueueItem, signal?: AbortSignal): Promise<void> {
    const { path, md5, format } = item;
    if (path === null || md5 === null || format === null)
      return this.#park(item, { kind: 'needs-user', reason: 'The queue entry is incomplete' });
    if (needsDuplicateCheck(item) && (await this.#alreadyOnService(item, signal))) return;
    // Checked again as intake did, and uploaded from the same open file: a file swapped for a
    // link, a pipe or a device since it was queued is refused, never read without end. A HEIC or
    // TIFF photo is converted to a JPEG here (see `prepareUpload`).
    const prepared = await prepareUpload(
      { id: item.id, path, format },
      {
        maxBytes: this.options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
        signal,
        conversion: this.options.conversion,
      },
    );
    if (!prepared.ok) return this.#park(item, { kind: 'needs-user', reason: prepared.reason });
    const { file, original } = prepared.upload;
    try {
      // The file changed since it was added: upload what is there now.
      if (original.md5 !== md5)
        this.logger.info('file changed since it was queued', { item: item.id });
      const onProgress = throttledProgress(this.clock, (sent) => {
        this.#save(item, { bytes_sent: sent });
      });
      const staged = await this.host.stage(
        {
          path,
          md5: file.md5,
          format: file.format,
          size: file.size,
          file: file.handle,
          onProgress,
        },
        signal,
      );
      this.#save(item, {
        state: 'staged',
        md5: original.md5,
        // Recorded before the create: the reconcile looks for the MD5 the service will compute.
        upload_md5: file.md5 === original.md5 ? null : file.md5,
        size: original.size,
        uri: staged.uri,
        uri_expires_at: staged.expiresAt ?? null,
        bytes_sent: staged.bytesSent,
        attempts: 0,
        next_attempt_at: 0,
      });
    } catch (error) {
      if (error instanceof StagingError)
        return this.#park(item, { kind: 'needs-user', reason: error.message });
      // The bytes of a broken upload are sent again from the start.
      if (error instanceof NetworkError)
        return this.#park(item, { kind: 'retry', afterMs: undefined }, { bytes_sent: 0 });
      throw error;
    } finally {
      await file.handle.close().catch(() => undefined);
      // Once staged, the host has the bytes; a converted file is made again if ever needed.
      await prepared.upload.cleanUp();
    }
  }

  /**
   * Whether the project already has this photo (or may have, still unprocessed): then the item is
   * saved as done "already on the service", or to look again later, and is not staged now.
   */
  async #alreadyOnService(item: QueueItem, signal?: AbortSignal): Promise<boolean> {
    let next;
    try {
      next = afterCopyLookup(item, await lookForCopy(this.api, item, signal), this.clock.now());
    } catch (error) {
      return this.#park(item, this.#dispose(error));
    }
    if (next.kind === 'upload') return false;
    this.#save(item, next.change);
    return true;
  }

  async #create(item: QueueItem, signal?: AbortSignal): Promise<void> {
    // Renewed when it would expire before the service could fetch it; at most half its life ahead,
    // so a short-lived URL is not renewed for ever.
    const margin = Math.min(URL_MARGIN_MS, (this.host.urlLifetimeMs ?? Infinity) / 2);
    if (
      item.uri === null ||
      (item.uri_expires_at !== null && item.uri_expires_at < this.clock.now() + margin)
    ) {
      this.#save(item, { state: 'queued', uri: null, uri_expires_at: null });
      return;
    }
    // Written before the request: if the answer is lost, the item is reconciled, never resent blindly.
    const creating = this.#save(item, {
      state: 'creating',
      attempts: item.attempts + 1,
      waiting_since: this.clock.now(),
    });
    let answer: CreateAnswer;
    try {
      answer = await this.api.createPhoto(
        item.project_id ?? '',
        {
          uri: item.uri,
          capturedAt: item.captured_at ?? 0,
          coordinates:
            item.lat !== null && item.lon !== null ? { lat: item.lat, lon: item.lon } : null,
          description: item.description,
          internal: item.internal,
          tags: item.tags,
        },
        signal,
      );
    } catch (error) {
      const disposition = this.#dispose(error);
      // Refused before it was stored (401 before any effect, 429, or a 4xx): back to staged.
      // A lost answer or a 5xx may have been stored: stay `creating` and reconcile.
      const refused =
        disposition.kind === 'needs-user' ||
        disposition.kind === 'wait-for-sign-in' ||
        isStatus(error, 429);
      return this.#park(
        creating,
        disposition,
        refused ? { state: disposition.kind === 'needs-user' ? 'needs-attention' : 'staged' } : {},
      );
    }
    // Any 2xx: the service took it. Without an id in the answer it is looked for, never re-created.
    this.#save(creating, {
      state: 'created',
      photo_id: answer.kind === 'created' ? answer.photo.id : null,
      processing_status: answer.kind === 'created' ? answer.photo.processing_status : null,
      attempts: 0,
      waiting_since: this.clock.now(),
      next_attempt_at: this.clock.now() + FIRST_POLL_AFTER_CREATE_MS,
    });
  }

  /** Adopts the photo the service has for `item`: it is `created` with that id from now on. */
  #adopt(item: QueueItem, photo: ServicePhoto): void {
    this.#save(item, {
      state: 'created',
      photo_id: photo.id,
      processing_status: photo.processing_status,
      attempts: 0,
      waiting_since: this.clock.now(),
      next_attempt_at: this.clock.now(),
    });
  }

  #lookFor(item: QueueItem, signal?: AbortSignal) {
    return lookForPhoto(
      this.api,
      {
        projectId: item.project_id ?? '',
        capturedAt: item.captured_at ?? 0,
        // The service hashes the bytes it fetched: the JPEG's, when a HEIC or TIFF was converted.
        md5: item.upload_md5 ?? item.md5 ?? '',
      },
      signal,
    );
  }

  /**
   * A create whose answer never came: adopt the photo if the service has it, wait (bounded) while
   * a photo that may be it has no hash yet, and send again only when nothing can be it.
   */
  async #reconcile(item: QueueItem, signal?: AbortSignal): Promise<void> {
    const since = this.#waitingSince(item);
    let found;
    try {
      found = await this.#lookFor(item, signal);
    } catch (error) {
      return this.#park(item, this.#dispose(error));
    }
    switch (found.kind) {
      case 'found':
        this.logger.info('adopted a photo created before the answer was lost', { item: item.id });
        return this.#adopt(item, found.photo);
      case 'maybe':
        // One of these may be ours: its hash is known once it is processed.
        this.#save(item, afterUnresolvedLookup(item, 'lost-answer', since, this.clock.now()));
        return;
      case 'absent':
        this.logger.info('no photo on the service matches; sending the create again', {
          item: item.id,
        });
        return this.#create(this.#save(item, { state: 'staged' }), signal);
    }
  }

  /**
   * A create the service accepted (2xx) without naming the photo: looked for with backoff until
   * found; never created again by itself. After `LOOKUP_BOUND_MS` the user is asked.
   */
  async #findAccepted(item: QueueItem, signal?: AbortSignal): Promise<void> {
    const since = this.#waitingSince(item);
    let found;
    try {
      found = await this.#lookFor(item, signal);
    } catch (error) {
      return this.#park(item, this.#dispose(error));
    }
    if (found.kind === 'found') {
      this.logger.info('found the photo the service accepted without naming it', {
        item: item.id,
        photo: found.photo.id,
      });
      return this.#adopt(item, found.photo);
    }
    this.#save(item, afterUnresolvedLookup(item, 'accepted', since, this.clock.now()));
  }

  /** Polls a created photo until the service says it is processed (see `afterProcessingStatus`). */
  async #verify(item: QueueItem, signal?: AbortSignal): Promise<void> {
    const since = this.#waitingSince(item);
    let photo: ServicePhoto;
    try {
      photo = await this.api.getPhoto(item.photo_id ?? '', signal);
    } catch (error) {
      return this.#park(item, this.#dispose(error));
    }
    this.#save(item, afterProcessingStatus(item, photo.processing_status, since, this.clock.now()));
  }

  /** A description edit: applied only if the service still has what the user started from. */
  async #describe(item: QueueItem, signal?: AbortSignal): Promise<void> {
    try {
      const step = await tryDescriptionEdit(this.api, item, signal);
      if (step.kind === 'retry-later')
        return this.#park(item, { kind: 'retry', afterMs: undefined });
      this.#save(item, step.change);
    } catch (error) {
      if (error instanceof Parked) throw error;
      return this.#park(item, this.#dispose(error));
    }
  }

  /**
   * The network changed or the computer woke up: if offline, probe the service now instead of
   * after the current wait, with fresh connections.
   */
  probeNow(): void {
    this.#probe.probeNow();
  }

  #setCondition(condition: EngineCondition): void {
    if (this.#condition === condition) return;
    this.#condition = condition;
    this.#emit({ type: 'condition', condition });
  }

  #emit(event: EngineEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}
