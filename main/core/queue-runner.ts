import type { Words } from '../../shared/i18n/translator';
import type { Clock } from '../../shared/domain/clock';
import type {
  QueueChangeView,
  QueueCondition,
  QueueItemView,
  QueueProgressView,
  QueueSnapshotView,
} from '../../shared/ipc/views';
import type { Logger } from '../logging/logger';
import { PaceTracker, queueProgress } from '../queue/queue-progress';
import type { AfterUploadTidier } from '../queue/after-upload-tidier';
import type { QueueItem, QueueStore } from '../queue/queue-store';
import type { UploadEngine } from '../queue/upload-engine';
import { type AllowedLinks, isAllowedExternalLink } from './navigation-rules';
import { queueItemView } from './views';

/** Nothing is tidied after upload (a runner given no tidier: tests of the queue alone). */
const NO_TIDYING = { run: () => Promise.resolve(), close: () => Promise.resolve() };

/** No link is opened: a runner told nothing of the service shows no photo's page. */
const NO_LINKS: AllowedLinks = { exact: new Set(), origins: new Set() };

/** Changes are sent to the window at most this often: a busy queue must not flood the bridge. */
const CHANGE_INTERVAL_MS = 150;
/**
 * At most this many items changed outside the engine are read and sent in one message; the rest
 * follow in the next turns of the event loop, so that "pause all" on 20 000 items never holds
 * main for long (reading and sending them in one go took it seconds).
 */
const CHANGE_CHUNK = 100;

/** Whether `item` would be worked on now but for the upload hours. */
function waitsForHours(item: QueueItem): boolean {
  return (
    !item.paused &&
    item.reason === null &&
    (item.state === 'queued' ||
      item.state === 'staged' ||
      item.state === 'creating' ||
      item.state === 'created')
  );
}

/** How a `sync()` ended. */
export type SyncEnd = 'idle' | 'needs-sign-in' | 'stopped' | 'not-ready';

/**
 * Keeps the upload queue moving in a long-lived app: runs the engine whenever there is work
 * (added, resumed, retried, signed in, back online), swaps the engine when the service or photo
 * host changes, and reports changes to the window in coalesced batches.
 *
 * With `autoRun` false (a command line that owns the data folder), the queue runs only while
 * someone waits in `sync()`: `queue --json` or `pause` must not start uploads by themselves.
 */
export class QueueRunner {
  #syncs = 0;
  #closed = false;
  #engine: UploadEngine | undefined;
  #unsubscribe: (() => void) | undefined;
  #abort: AbortController | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  /** A rebuild of the engine under way (settings saved): a `sync()` waits for it. */
  #swap: Promise<void> | undefined;
  #condition: QueueCondition = 'idle';
  readonly #changed = new Map<number, QueueItem>();
  /** Items changed outside the engine, not read yet: read at the flush, a chunk at a time. */
  readonly #changedIds = new Set<number>();
  #flushTimer: NodeJS.Timeout | undefined;
  /** The progress last sent: the middle chunks of a large change repeat it (see `#flush`). */
  #lastProgress: QueueProgressView | undefined;
  readonly #pace = new PaceTracker();

  constructor(
    private readonly store: QueueStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly emit: (change: QueueChangeView) => void,
    private readonly autoRun = true,
    /** Which links main would open now (the service's pages): a `photo_url` is shown only then. */
    private readonly links: () => AllowedLinks = () => NO_LINKS,
    /**
     * Tidies the files of photos the service now holds (issue 26 §3: moved or trashed after
     * upload): started when an item is done, and awaited after each run, so `sync()` ends after it.
     */
    private readonly tidier: Pick<AfterUploadTidier, 'run' | 'close'> = NO_TIDYING,
  ) {}

  get condition(): QueueCondition {
    return this.#condition;
  }

  /**
   * Uses `engine` from now on (undefined: nothing can be uploaded until the service and photo
   * host are set up). The running engine first finishes its current steps.
   */
  async useEngine(engine: UploadEngine | undefined): Promise<void> {
    await this.stop();
    this.#unsubscribe?.();
    this.#engine = engine;
    this.#unsubscribe = engine?.onEvent((event) => {
      if (event.type === 'item') {
        if (event.item.state === 'done') {
          this.#pace.finished(this.clock.now());
          if (event.item.after_upload !== null) void this.#tidyNow();
        }
        this.#changed.set(event.item.id, event.item);
      } else if (event.type === 'condition') this.#condition = event.condition;
      // The upload hours closed or opened ('hours'): the flush below says so.
      this.#scheduleFlush();
    });
    this.kick();
  }

  /**
   * Says that the engine is being rebuilt until `work` settles (the settings were saved, by this
   * process or a command attached to it): meanwhile there is briefly no engine, and a `sync()`
   * waits for the new one instead of ending `not-ready`.
   */
  swapping(work: Promise<unknown>): void {
    const swap: Promise<void> = work.then(
      () => undefined,
      () => undefined,
    );
    const settled = swap.then(() => {
      if (this.#swap === settled) this.#swap = undefined;
    });
    this.#swap = settled;
  }

  /** There may be work: runs the engine now, or once more after the current run. */
  kick(): void {
    if (this.#engine === undefined || this.#closed) return;
    if (!this.autoRun && this.#syncs === 0) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    const engine = this.#engine;
    const abort = new AbortController();
    this.#abort = abort;
    this.#running = (async () => {
      do {
        this.#again = false;
        try {
          await engine.runUntilIdle(abort.signal);
        } catch (error) {
          this.logger.error('the upload engine stopped unexpectedly', { error });
        }
        // Also what a crash cut short: a restart's first run finishes it.
        if (!abort.signal.aborted) await this.#tidyNow();
      } while (this.#again && !abort.signal.aborted && engine.condition !== 'needs-sign-in');
    })().finally(() => {
      this.#running = undefined;
      this.#scheduleFlush();
    });
  }

  /** Tidies after upload now; never rejects (the tidier logs what it could not do). */
  #tidyNow(): Promise<void> {
    return this.tidier.run().catch((error: unknown) => {
      this.logger.error('tidying after upload stopped unexpectedly', { error });
    });
  }

  /** The network changed or the computer woke: probe the service now if offline. */
  probeNow(): void {
    this.#engine?.probeNow();
    this.kick();
  }

  /**
   * Stops the engine after the steps in flight have been journaled (quit, sleep, a new engine).
   * Nothing is lost: unfinished items stay in the queue in their last committed state.
   */
  async stop(): Promise<void> {
    this.#abort?.abort();
    await this.#running;
    do this.#flush();
    while (this.#changedIds.size > 0);
  }

  /**
   * Runs the queue until nothing is left that can go on without the user (the command line's
   * `sync`), and says how it ended. Waits through engine swaps (settings saved meanwhile, here or
   * by an attached command: see `swapping`); ends
   * `stopped` when the runner is closed (the owner quits), `not-ready` when no engine can run.
   */
  async sync(): Promise<SyncEnd> {
    this.#syncs += 1;
    try {
      for (;;) {
        const engine = this.#engine;
        if (this.#closed) return 'stopped';
        if (engine === undefined) {
          const swap = this.#swap;
          if (swap === undefined) return 'not-ready';
          await swap;
          continue;
        }
        this.kick();
        await this.#running;
        if (this.#closed) return 'stopped';
        if (this.#engine !== engine) continue;
        if (engine.condition === 'needs-sign-in') return 'needs-sign-in';
        // Work added while the last run was ending is picked up by another run.
        if (this.store.nextDueAt() === undefined) return 'idle';
      }
    } finally {
      this.#syncs -= 1;
    }
  }

  /** What the engine met on the way: answers that made it wait. */
  get stats(): { rateLimited: number; serverErrors: number; networkErrors: number } {
    return { rateLimited: 0, serverErrors: 0, networkErrors: 0, ...this.#engine?.stats };
  }

  /** Stops for good (the owner is quitting): journals the steps in flight; `sync()` ends `stopped`. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.stop();
    // The file being moved is finished (its steps are recorded); the others wait for a restart.
    await this.tidier.close();
  }

  /** Tells the window about items changed outside the engine (added, paused, cancelled…). */
  itemsChanged(ids: readonly number[]): void {
    for (const id of ids) this.#changedIds.add(id);
    this.#scheduleFlush();
  }

  /** The progress and condition without the items (cheap: one aggregate query). */
  status(): { progress: QueueProgressView; condition: QueueCondition; pausedAll: boolean } {
    return {
      progress: queueProgress(this.store.photoGroups(), this.#pace, this.clock.now()),
      condition: this.#condition,
      pausedAll: this.store.bulk.pausedAll,
    };
  }

  /** Outside the upload hours: why nothing is sent and when it resumes (read now, not cached). */
  get #hoursWait(): Words | undefined {
    const window = this.#engine?.uploadWindow();
    return window === undefined || window.open ? undefined : window.reason;
  }

  snapshot(): QueueSnapshotView {
    const items = this.store.all();
    const hoursWait = this.#hoursWait;
    const links = this.links();
    return {
      items: items.map((item) => this.#view(item, hoursWait, links)),
      progress: queueProgress(this.store.photoGroups(), this.#pace, this.clock.now()),
      condition: this.#condition,
      pausedAll: this.store.bulk.pausedAll,
      hoursWait,
    };
  }

  #scheduleFlush(): void {
    this.#flushTimer ??= setTimeout(() => this.#flush(), CHANGE_INTERVAL_MS);
  }

  #flush(): void {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    // Outside the upload hours every waiting item says so, not only the ones that changed.
    const hoursWait = this.#hoursWait;
    if (hoursWait !== undefined)
      for (const item of this.store.all())
        if (waitsForHours(item)) this.#changed.set(item.id, item);
    for (const item of this.store.getMany(this.#takeChangedIds())) this.#changed.set(item.id, item);
    const links = this.links();
    const items = [...this.#changed.values()].map((item) => this.#view(item, hoursWait, links));
    this.#changed.clear();
    // Counting the whole queue takes tens of ms at 20 000 items: the chunks of a large change
    // before its last one repeat the progress last sent, and the last one counts afresh.
    const progress =
      this.#changedIds.size > 0 && this.#lastProgress !== undefined
        ? this.#lastProgress
        : queueProgress(this.store.photoGroups(), this.#pace, this.clock.now());
    this.#lastProgress = progress;
    this.emit({
      items,
      progress,
      condition: this.#condition,
      pausedAll: this.store.bulk.pausedAll,
      hoursWait,
    });
    // The rest of a large change goes out in the next turns, letting other work run between.
    if (this.#changedIds.size > 0) this.#flushTimer = setTimeout(() => this.#flush(), 0);
  }

  /** Up to `CHANGE_CHUNK` of the ids changed outside the engine, taken off the list. */
  #takeChangedIds(): number[] {
    const taken: number[] = [];
    for (const id of this.#changedIds) {
      if (taken.length === CHANGE_CHUNK) break;
      taken.push(id);
      this.#changedIds.delete(id);
    }
    return taken;
  }

  /** An item as the window sees it; outside the upload hours, one waiting for them says so. */
  #view(item: QueueItem, hoursWait: Words | undefined, links: AllowedLinks): QueueItemView {
    const view = queueItemView(item, (url) => isAllowedExternalLink(url, links));
    return hoursWait !== undefined && waitsForHours(item) ? { ...view, reason: hoursWait } : view;
  }
}
