import { join } from 'node:path';
import {
  DEFAULT_WATCH_SETTLE_SECONDS,
  type WatchFolderView,
  type WatchRule,
} from '../../shared/domain/watch-rule';
import type { IpcHandlers } from '../../shared/ipc/dispatcher';
import type { IntakeBatchView } from '../../shared/ipc/views';
import type { Logger } from '../logging/logger';
import type { WatchCore } from './watch-core';
import { WatchLedger } from './watch-ledger';
import { WatchService } from './watch-service';

/** What the core lends its watchers. */
export type CoreWatchersDeps = {
  readonly dataDir: string;
  readonly logger: Logger;
  /** Starts an intake run (the core's `IntakeRuns.start`); its batches come to `intakeBatch`. */
  readonly startIntake: (paths: readonly string[], assumedZone: string) => number;
  /** The core's handlers (queueing goes through `queue:add-photos`, like every front end). */
  readonly handlers: () => Pick<IpcHandlers, 'queue:add-photos' | 'projects:search'>;
  readonly assumedZone: () => string;
  /**
   * The saved settle time in seconds (`watchSettleSeconds`; undefined: the default). Read at each
   * look at the waiting files, so a change in Settings applies at once, without a restart.
   */
  readonly settleSeconds: () => number | undefined;
  /** Tells the window what the watchers do (`watch:changed`). */
  readonly emit: (folders: readonly WatchFolderView[]) => void;
};

/**
 * The watched folders of the process that owns the data folder (the app, or a command line that
 * owns it), from the settings' `watchFolders`. Its intakes run on the core's media workers but
 * are not shown in the window's list of dropped photos: they are queued directly.
 */
export class CoreWatchers {
  readonly #ownRuns = new Set<number>();
  readonly #listeners = new Set<(batch: IntakeBatchView) => void>();
  #rules: readonly WatchRule[] = [];
  #service: WatchService | undefined;
  #ledger: WatchLedger | undefined;
  #closed = false;

  constructor(private readonly deps: CoreWatchersDeps) {}

  /**
   * An intake batch of the core: true when it belongs to a watcher (and must not reach the
   * window), false otherwise.
   */
  intakeBatch(batch: IntakeBatchView): boolean {
    if (!this.#ownRuns.has(batch.runId)) return false;
    for (const listener of this.#listeners) listener(batch);
    if (batch.progress.done) this.#ownRuns.delete(batch.runId);
    return true;
  }

  /** Watches exactly these folders (the saved settings changed, or the core started). */
  async use(rules: readonly WatchRule[]): Promise<void> {
    if (this.#closed) return;
    this.#rules = rules;
    if (rules.length > 0 && this.#service === undefined) {
      this.#ledger = new WatchLedger(join(this.deps.dataDir, 'watch-ledger.db'));
      this.#service = new WatchService({
        core: this.#core(),
        ledger: this.#ledger,
        logger: this.deps.logger,
        assumedZone: this.deps.assumedZone,
        settleMs: () => (this.deps.settleSeconds() ?? DEFAULT_WATCH_SETTLE_SECONDS) * 1000,
        report: (report) => {
          if (report.kind === 'skipped')
            this.deps.logger.warn('a watched file was not queued', { reason: report.reason });
          this.deps.emit(this.views());
        },
      });
    }
    await this.#service?.use(rules);
    this.deps.emit(this.views());
  }

  /** Each watched folder's rule and state, in the settings' order. */
  views(): WatchFolderView[] {
    const states = new Map((this.#service?.states() ?? []).map((state) => [state.path, state]));
    return this.#rules.map((rule) => {
      const state = states.get(rule.path);
      return {
        rule,
        state: state?.state ?? 'off',
        lastQueuedAt: state?.lastQueuedAt ?? null,
        queued: state?.queued ?? 0,
      };
    });
  }

  /** Stops watching; the photos being queued are queued and recorded first. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#service?.close();
    this.#ledger?.close();
  }

  #core(): WatchCore {
    return {
      intake: (paths, assumedZone) =>
        new Promise((resolve) => {
          const items: IntakeBatchView['items'][number][] = [];
          let runId = -1;
          const listener = (batch: IntakeBatchView) => {
            if (batch.runId !== runId) return;
            items.push(...batch.items);
            if (!batch.progress.done) return;
            this.#listeners.delete(listener);
            resolve(items);
          };
          this.#listeners.add(listener);
          // The run's id is known before any of its batches (they arrive asynchronously).
          runId = this.deps.startIntake(paths, assumedZone);
          this.#ownRuns.add(runId);
        }),
      addPhotos: (input) =>
        this.deps.handlers()['queue:add-photos']({
          intakeIds: [...input.intakeIds],
          projectId: input.projectId,
          description: input.description,
          internal: input.internal,
          tags: [...input.tags],
          // The watcher worked out each photo's project and tags itself (watch-placement).
          tagsFromFolders: false,
          // A watched folder never re-sends what the project has: the engine checks each photo.
          allowDuplicates: false,
          overrides: [],
          photoTags: [],
        }),
      findProjects: (query) => this.deps.handlers()['projects:search']({ query, page: 1 }),
    };
  }
}
