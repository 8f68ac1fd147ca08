import { join } from 'node:path';
import {
  DEFAULT_WATCH_SETTLE_SECONDS,
  type WatchFolderView,
  type WatchRule,
} from '../../shared/domain/watch-rule';
import { words } from '../../shared/i18n/words';
import { type IpcHandlers, IpcFailure } from '../../shared/ipc/dispatcher';
import type { IntakeBatchView } from '../../shared/ipc/views';
import type { Preset } from '../../shared/domain/presets';
import type { Logger } from '../logging/logger';
import type { KnownIdentity } from '../media/crawl';
import { coreCallOver, type WatchCore, watchCoreOver } from './watch-core';
import { WatchLedger } from './watch-ledger';
import { type WatchReport, WatchService } from './watch-service';
import { ruleCovering } from './watch-paths';

/** What the core lends its watchers. */
export type CoreWatchersDeps = {
  readonly dataDir: string;
  /** Whether the saved folders are watched here (`runsSavedWatchers`); sessions always are. */
  readonly runsSaved: boolean;
  readonly logger: Logger;
  /**
   * Starts an intake run (the core's `IntakeRuns.start`) of files as checked (`expected`: see
   * `IntakeRunOptions`); its batches come to `intakeBatch`.
   */
  readonly startIntake: (
    paths: readonly string[],
    assumedZone: string,
    expected: ReadonlyMap<string, KnownIdentity>,
  ) => number;
  /** Forgets intake results the watchers are done with (the core's `IntakeRuns.forget`). */
  readonly forgetIntake: (intakeIds: readonly number[]) => void;
  /** The core's handlers (queueing and projects go through them, like every front end's). */
  readonly handlers: () => IpcHandlers;
  readonly assumedZone: () => string;
  /**
   * The saved settle time in seconds (`watchSettleSeconds`; undefined: the default). Read at each
   * look at the waiting files, so a change in Settings applies at once, without a restart.
   */
  readonly settleSeconds: () => number | undefined;
  /**
   * The presets in effect (the organisation's and the user's own), read at each look: a rule
   * naming one takes its defaults from here. Default: none.
   */
  readonly presets?: () => readonly Preset[];
  /** Tells the window what the watchers do (`watch:changed`). */
  readonly emit: (folders: readonly WatchFolderView[]) => void;
};

/**
 * Whether a core started by `program` watches the saved folders (settings `watchFolders`): only
 * the app does. A command line that owns the data folder for a `sync` or `status` must not start
 * watching and queueing as a side effect, and a command-line `watch` watches only its own folders.
 */
export function runsSavedWatchers(program: 'app' | 'command-line'): boolean {
  return program === 'app';
}

/** A command line's watch in the owner: its folders, settle time, and where its reports go. */
type Session = {
  readonly rules: readonly WatchRule[];
  readonly settleMs: number;
  readonly report: (report: WatchReport) => void;
};

/**
 * The watched folders of the process that owns the data folder: the settings' `watchFolders`
 * (in the app only, see `runsSavedWatchers`) and the temporary folders of each command-line
 * `watch` session (never saved; they end with the session). One watcher per folder, one ledger
 * writer: the owner. Its intakes run on the core's media workers but are not shown in the
 * window's list of dropped photos: they are queued directly.
 */
export class CoreWatchers {
  readonly #ownRuns = new Set<number>();
  readonly #listeners = new Set<(batch: IntakeBatchView) => void>();
  readonly #sessions = new Map<number, Session>();
  #nextSession = 1;
  /** The saved folders, as Settings shows them. */
  #settings: readonly WatchRule[] = [];
  /** The saved folders watched here: those of the settings in the app, none elsewhere. */
  #saved: readonly WatchRule[] = [];
  #service: WatchService | undefined;
  #ledger: WatchLedger | undefined;
  #closed = false;
  /** Serialises changes of the watched folders (sessions start and end at any time). */
  #changing: Promise<void> = Promise.resolve();

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

  /** Watches exactly these saved folders (the saved settings changed, or the app started). */
  async use(rules: readonly WatchRule[]): Promise<void> {
    this.#settings = rules;
    this.#saved = this.deps.runsSaved ? rules : [];
    await this.#apply();
    this.deps.emit(this.views());
  }

  /**
   * Starts a command line's watch of `rules` in this process, with its own settle time; its
   * reports go to `report`, with the session's id (known before its first report). A folder watched already (saved, or by another session) is refused:
   * two watchers never watch one folder.
   * @throws IpcFailure `bad-input` naming the folder already watched.
   */
  async startSession(
    rules: readonly WatchRule[],
    settleMs: number,
    report: (sessionId: number, report: WatchReport) => void,
  ): Promise<number> {
    const watched = new Set(this.#allRules().map((rule) => rule.path));
    const taken = rules.find((rule) => watched.has(rule.path));
    if (taken !== undefined)
      throw new IpcFailure(
        'bad-input',
        words('error.watch.alreadyWatchedByOwner', { path: taken.path }),
      );
    const id = this.#nextSession++;
    this.#sessions.set(id, { rules, settleMs, report: (said) => report(id, said) });
    await this.#apply();
    return id;
  }

  /** Ends a command line's watch: its folders are no longer watched (unknown ids are ignored). */
  async endSession(id: number): Promise<void> {
    if (!this.#sessions.delete(id)) return;
    await this.#apply();
  }

  /** Each saved watched folder's rule and state, in the settings' order. */
  views(): WatchFolderView[] {
    const states = new Map((this.#service?.states() ?? []).map((state) => [state.path, state]));
    return this.#settings.map((rule) => {
      // A saved folder in a command line's core is not watched there: `off`.
      const state = this.#saved.includes(rule) ? states.get(rule.path) : undefined;
      return {
        rule,
        state: state?.state ?? 'off',
        lastQueuedAt: state?.lastQueuedAt ?? null,
        queued: state?.queued ?? 0,
        ...(state?.problem === undefined ? {} : { problem: state.problem }),
      };
    });
  }

  /** Stops watching; the photos being queued are queued and recorded first. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#sessions.clear();
    await this.#changing;
    await this.#service?.close();
    this.#ledger?.close();
  }

  #allRules(): WatchRule[] {
    return [...this.#saved, ...[...this.#sessions.values()].flatMap((session) => session.rules)];
  }

  /** The session whose folder holds `path`, if a session's rule (not a saved one) covers it. */
  #sessionOf(path: string): Session | undefined {
    const owners = [
      ...this.#saved.map((rule) => ({ rule, session: undefined })),
      ...[...this.#sessions.values()].flatMap((session) =>
        session.rules.map((rule) => ({ rule, session })),
      ),
    ];
    return ruleCovering(owners, (owner) => owner.rule.path, path)?.session;
  }

  #apply(): Promise<void> {
    this.#changing = this.#changing.then(async () => {
      if (this.#closed) return;
      const rules = this.#allRules();
      if (rules.length > 0 && this.#service === undefined) {
        this.#ledger = new WatchLedger(join(this.deps.dataDir, 'watch-ledger.db'));
        this.#service = new WatchService({
          core: this.#core(),
          ledger: this.#ledger,
          logger: this.deps.logger,
          assumedZone: this.deps.assumedZone,
          presets: () => this.deps.presets?.() ?? [],
          settleMs: (path) =>
            this.#sessionOf(path)?.settleMs ??
            (this.deps.settleSeconds() ?? DEFAULT_WATCH_SETTLE_SECONDS) * 1000,
          report: (report) => this.#route(report),
        });
      }
      await this.#service?.use(rules);
    });
    return this.#changing;
  }

  /** A report to the session whose folder it concerns, or to the window and the log. */
  #route(report: WatchReport): void {
    if (report.kind === 'state') {
      for (const session of this.#sessions.values()) {
        const mine = new Set(session.rules.map((rule) => rule.path));
        session.report({
          kind: 'state',
          folders: report.folders.filter((folder) => mine.has(folder.path)),
        });
      }
      this.deps.emit(this.views());
      return;
    }
    const session = this.#sessionOf(report.path);
    if (session !== undefined) {
      session.report(report);
      return;
    }
    if (report.kind === 'skipped')
      // The reason's key only: its values may hold paths, which stay out of the logs.
      this.deps.logger.warn('a watched file was not queued', { reason: report.reason.key });
    this.deps.emit(this.views());
  }

  /** The watchers' core: the command line's handlers, and intake runs taken directly. */
  #core(): WatchCore {
    const call = coreCallOver(this.deps.handlers());
    return watchCoreOver(
      call,
      (paths, assumedZone, expected) =>
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
          runId = this.deps.startIntake(paths, assumedZone, expected);
          this.#ownRuns.add(runId);
        }),
      (intakeIds) => this.deps.forgetIntake(intakeIds),
    );
  }
}
