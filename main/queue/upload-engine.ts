import type { Clock } from '../../shared/domain/clock';
import type { ServicePhoto } from '../api/api-schemas';
import type { Disposition } from '../api/api-errors';
import { backoffMs } from '../api/pacing';
import type { PhotoServiceClient } from '../api/photo-service-client';
import type { Logger } from '../logging/logger';
import type { PhotoHost } from '../staging/photo-host';
import { removeFinishedStagingFiles } from '../staging/staging-leftovers';
import { commitDurability } from './commit-durability';
import { createStep, findAcceptedStep, photoUrlChange, reconcileStep } from './create-steps';
import { tryDescriptionEdit } from './description-edit';
import { countAndClassify, parkedChange } from './engine-parking';
import type { EngineStepContext } from './engine-step-context';
import type { EngineCondition, EngineEvent, EngineOptions, EngineStats } from './engine-types';
import { type LaneRole, stagedAheadBound } from './lane-roles';
import { LaneWakeup } from './lane-wakeup';
import { OfflineProbe } from './offline-probe';
import { ProcessingPace } from './processing-pace';
import { afterProcessingStatus, realWait } from './service-waits';
import { stageStep } from './stage-step';
import { localZone, type UploadWindow } from '../../shared/domain/upload-hours';
import { sendingGate } from './sending-gate';
import type { QueueItem, QueueStore } from './queue-store';

export type { EngineCondition, EngineEvent, EngineOptions, EngineStats } from './engine-types';

/** The longest an idle lane sleeps before it looks at the queue again by itself. */
const IDLE_LOOK_MS = 1000;

/** The shortest sleep of a lane with nothing due, so a clock that stands still cannot spin it. */
const MIN_LANE_WAIT_MS = 20;

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
  /** Wakes idle lanes when a step leaves work for another lane. */
  readonly #wakeup: LaneWakeup;
  /** When to look first at a photo the service just took, learned as the queue runs. */
  readonly #pace = new ProcessingPace();
  /** What the steps in their own modules (stage, create, reconcile, find) work with. */
  readonly #steps: EngineStepContext;
  #condition: EngineCondition = 'idle';
  /** Why sending waits for the upload hours, while it does. */
  #hoursReason: string | undefined;

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
    this.#wakeup = new LaneWakeup(this.#wait);
    this.#probe = new OfflineProbe(api, this.#wait, logger, (condition) =>
      this.#setCondition(condition),
    );
    this.#steps = {
      api,
      host,
      clock,
      logger,
      options,
      save: (item, change) => this.#save(item, change),
      park: (item, disposition, rollback) => this.#park(item, disposition, rollback),
      dispose: (error) => this.#dispose(error),
      waitingSince: (item) => this.#waitingSince(item),
      firstPollMs: () => this.#pace.firstPollMs,
    };
  }

  /**
   * Whether photos may be sent now: inside the upload hours (always, without a schedule) and not
   * on battery when the user asked to pause then.
   */
  uploadWindow(): UploadWindow {
    return sendingGate({
      schedule: this.options.uploadHours,
      now: this.clock.now(),
      // The zone matters only to a schedule (and asking the system for it costs, every step).
      zone: this.options.uploadHours === undefined ? 'UTC' : (this.options.zone ?? localZone()),
      pauseOnBattery: this.options.onBattery !== undefined,
      onBattery: this.options.onBattery?.() ?? false,
    });
  }

  /** The upload hours now; tells the listeners when they close or open. */
  #checkHours(): UploadWindow {
    const window = this.uploadWindow();
    const reason = window.open ? undefined : window.reason;
    // Words are made anew at each look: the same wait is the same key and values.
    const said = reason === undefined ? undefined : JSON.stringify(reason);
    if (said !== this.#hoursReason) {
      this.#hoursReason = said;
      this.#emit({ type: 'hours', reason });
    }
    return window;
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
    await this.#clearFinishedStagingFiles();
    // `concurrency` lanes of each role: as many uploads at once as set, and as many service steps.
    const roles: LaneRole[] = ['stage', 'service'];
    await Promise.all(
      roles.flatMap((role) =>
        Array.from({ length: this.options.concurrency }, () => this.#lane(role, signal)),
      ),
    );
    const ended = this.#condition === 'needs-sign-in' ? 'needs-sign-in' : 'idle';
    this.#setCondition(ended);
    return ended;
  }

  /** Converted files left by a crash, a stop or a cancel: removed once their item is finished. */
  async #clearFinishedStagingFiles(): Promise<void> {
    const stagingDir = this.options.conversion?.stagingDir;
    if (stagingDir === undefined) return;
    const removed = await removeFinishedStagingFiles(
      stagingDir,
      (id) => {
        const item = this.store.get(id);
        return item === undefined || item.state === 'done' || item.state === 'cancelled';
      },
      this.#inFlight,
    );
    if (removed.length > 0)
      this.logger.info('removed converted files of finished items', { count: removed.length });
  }

  async #lane(role: LaneRole, signal?: AbortSignal): Promise<void> {
    while (!signal?.aborted && this.#condition !== 'needs-sign-in') {
      if (this.#probe.offline) {
        await this.#probe.waitAWhile(signal);
        continue;
      }
      // Staged far enough ahead of the creates: wait as for an item not yet due.
      const ahead =
        role === 'stage' &&
        this.store.stagedAhead(stagedAheadBound(this.options.concurrency)) >=
          stagedAheadBound(this.options.concurrency);
      const [item] = ahead ? [] : this.store.due(this.clock.now(), this.#inFlight, 1, role);
      // Outside the upload hours nothing is sent: the item waits, due, until they open.
      const hours = item === undefined ? undefined : this.#checkHours();
      if (hours !== undefined && !hours.open) {
        await this.#wait(Math.max(20, Math.min(60_000, hours.opensAt - this.clock.now())), signal);
        continue;
      }
      if (item === undefined) {
        // Items in flight are not waiting: the lane that holds one wakes the others when done.
        const next = this.store.nextDueAt(this.#inFlight);
        if (next === undefined && this.#inFlight.size === 0) return;
        // Until the next item is due; at most a second, for work added from outside the engine.
        const until = next === undefined ? IDLE_LOOK_MS : next - this.clock.now();
        await this.#wakeup.sleep(Math.min(IDLE_LOOK_MS, Math.max(MIN_LANE_WAIT_MS, until)), signal);
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
        // The item's new state may be another lane's work, and a lane waiting for the staged
        // photos ahead to go down may now stage.
        this.#wakeup.notify();
      }
    }
  }

  async #step(item: QueueItem, signal?: AbortSignal): Promise<void> {
    if (item.kind === 'description') return this.#describe(item, signal);
    switch (item.state) {
      case 'queued':
        return stageStep(this.#steps, item, signal);
      case 'staged':
        return createStep(this.#steps, item, signal);
      case 'creating':
        return reconcileStep(this.#steps, item, signal);
      case 'created':
        return item.photo_id === null
          ? findAcceptedStep(this.#steps, item, signal)
          : this.#verify(item, signal);
      case 'done':
      case 'needs-attention':
      case 'cancelled':
        return undefined;
    }
  }

  #save(item: QueueItem, change: Parameters<QueueStore['update']>[1]): QueueItem {
    const saved = this.store.update(item.id, change, commitDurability(item, change));
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
    this.store.update(item.id, { waiting_since: now }, 'relaxed');
    return now;
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
    // A photo's first look since it was created (or adopted) teaches when to look at the next.
    if (item.attempts === 0) this.#pace.observeFirstLook(photo.processing_status);
    this.#save(item, {
      ...afterProcessingStatus(item, photo.processing_status, since, this.clock.now()),
      ...photoUrlChange(photo),
    });
  }

  /** A description edit: applied only if the service still has what the user started from. */
  async #describe(item: QueueItem, signal?: AbortSignal): Promise<void> {
    try {
      const step = await tryDescriptionEdit(this.api, item, signal);
      if (step.kind === 'retry-later')
        return this.#park(item, { kind: 'retry', afterMs: undefined });
      const saved = this.#save(item, step.change);
      // The next edits of this photo start from the description as the service keeps it.
      if (saved.state === 'done') this.store.rebaseLaterEdits(saved);
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
