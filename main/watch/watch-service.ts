import {
  DEFAULT_WATCH_SETTLE_SECONDS,
  type WatchFolderState,
  type WatchRule,
} from '../../shared/domain/watch-rule';
import type { IntakeItemView } from '../../shared/ipc/views';
import { sameWords } from '../../shared/i18n/reason-words';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import type { NamedProject } from '../folders/folder-rules';
import type { KnownIdentity } from '../media/crawl';
import { realPathInside, ruleCovering } from './watch-paths';
import { folderLeftOutTest, watchedFileIgnored } from '../media/ignore-rules';
import { usableRule } from './usable-rule';
import { FolderWatcher } from './folder-watcher';
import { imageCompleteness } from './image-complete';
import { SettleTracker, type SettledFile } from './settle-tracker';
import { placeWatchedFile } from './watch-placement';
import { watchedIdentity } from './watched-identity';

/** The default settle time: a file's size and modification time hold still this long. */
export const DEFAULT_SETTLE_MS = DEFAULT_WATCH_SETTLE_SECONDS * 1000;

/** Why a watched photo was not queued: the queue holds the same photo for the project. */
export const ALREADY_QUEUED: Words = words('reason.watch.alreadyQueued');

/** Why a watched path is skipped when its real path lies outside the watched folder. */
export const OUTSIDE_WATCHED_REASON: Words = words('reason.watch.outsideWatched');

/** Files taken in per intake call. */
const INTAKE_ROUND = 1000;

import type { WatchReport, WatchServiceOptions } from './watch-service-options';
export type { WatchReport, WatchServiceOptions };

type Folder = {
  readonly rule: WatchRule;
  readonly watcher: FolderWatcher;
  state: WatchFolderState['state'];
  lastQueuedAt: number | undefined;
  queued: number;
  /** The rule with its preset applied, as of the last look (see `usableRule`). */
  usable: WatchRule;
  /** Why the rule cannot be used now: its photos wait in `held`, said once. */
  problem: Words | undefined;
  /** Settled files held back while the rule has a problem: looked at again once it is gone. */
  readonly held: Set<string>;
};

/**
 * The watched folders of one process: each file that appears under one is queued once it is
 * complete (size and modification time unchanged for the settle time, then a whole image by its
 * structure) and exactly once (the ledger), through the core's own intake and queue.
 */
export class WatchService {
  readonly #folders = new Map<string, Folder>();
  readonly #tracker: SettleTracker;
  /**
   * Each skipped file's size and modification time, and the reason it was skipped: the full
   * listing finds it again every minute, and it is neither read again (intake reads it whole and
   * hashes it) nor reported again until it changes. Kept in memory: a restart looks again. No
   * reason: not a photo, never reported.
   */
  readonly #skipped = new Map<
    string,
    { size: number; mtimeMs: number; reason: Words | undefined }
  >();
  readonly #tickMs: number;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #working: Promise<void> = Promise.resolve();
  #busy = false;
  #closed = false;

  constructor(private readonly options: WatchServiceOptions) {
    const given = options.settleMs ?? DEFAULT_SETTLE_MS;
    const settle = typeof given === 'number' ? () => given : given;
    this.#now = options.now ?? Date.now;
    this.#tracker = new SettleTracker(settle, this.#now);
    this.#tickMs =
      options.tickMs ??
      (typeof given === 'number' ? Math.max(100, Math.min(1000, Math.round(given / 5))) : 250);
  }

  /** Watches exactly these folders: new rules start, removed ones stop, changed ones restart. */
  async use(rules: readonly WatchRule[]): Promise<void> {
    const wanted = new Map(rules.map((rule) => [rule.path, rule]));
    for (const [path, folder] of [...this.#folders]) {
      const rule = wanted.get(path);
      if (rule !== undefined && JSON.stringify(rule) === JSON.stringify(folder.rule)) {
        wanted.delete(path);
        continue;
      }
      this.#folders.delete(path);
      await folder.watcher.close();
    }
    for (const rule of wanted.values()) await this.#add(rule);
    this.#timer ??= setInterval(() => this.#tick(), this.#tickMs);
    this.#reportState();
  }

  /** Each watched folder's state. */
  states(): WatchFolderState[] {
    return [...this.#folders.values()].map((folder) => ({
      path: folder.rule.path,
      state: folder.state,
      lastQueuedAt: folder.lastQueuedAt,
      queued: folder.queued,
      ...(folder.problem === undefined ? {} : { problem: folder.problem }),
    }));
  }

  /** Stops watching and waits for the files being queued (their ledger entries are written). */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await Promise.all([...this.#folders.values()].map((folder) => folder.watcher.close()));
    this.#folders.clear();
    await this.#working;
  }

  async #add(rule: WatchRule): Promise<void> {
    const { logger } = this.options;
    // The watcher does not go into a folder the rule's patterns leave out whole (the crawl's
    // own decision); a folder's .photouploaderignore is read for each file, as before.
    const leftOut = folderLeftOutTest(rule.path, rule.ignore ?? []);
    const folder: Folder = {
      rule,
      state: 'starting',
      lastQueuedAt: undefined,
      queued: 0,
      usable: rule,
      problem: undefined,
      held: new Set(),
      watcher: new FolderWatcher(
        rule.path,
        {
          file: (path) => this.#tracker.touch(path),
          listed: (path) => this.#tracker.notice(path),
          watching: () => {
            if (folder.state === 'missing')
              logger.info('a watched folder is back; watching it again', {
                folder: this.#indexOf(rule),
              });
            folder.state = 'watching';
            this.#reportState();
          },
          missing: () => {
            logger.warn('a watched folder is missing; it is watched again when it comes back', {
              folder: this.#indexOf(rule),
            });
            folder.state = 'missing';
            this.#reportState();
          },
        },
        logger,
        {
          pollMs: this.#tickMs,
          rescanMs: this.options.rescanMs,
          fileEvents: this.options.fileEvents,
          leftOut,
        },
      ),
    };
    this.#folders.set(rule.path, folder);
    this.#checkRule(folder);
    await folder.watcher.start();
  }

  #reportState(): void {
    this.options.report({ kind: 'state', folders: this.states() });
  }

  #tick(): void {
    if (this.#busy || this.#closed) return;
    this.#busy = true;
    this.#working = this.#settleAndQueue()
      .catch((error: unknown) => this.options.logger.error('watching failed', { error }))
      .finally(() => (this.#busy = false));
  }

  /**
   * Looks at a folder's rule again (its preset may have changed or gone): a new problem is said
   * once (the folder's state and the log), and once it is gone the held files are looked at.
   */
  #checkRule(folder: Folder): void {
    const checked = usableRule(folder.rule, this.options.presets?.() ?? []);
    const problem = checked.kind === 'problem' ? checked.problem : undefined;
    if (checked.kind === 'usable') folder.usable = checked.rule;
    const same =
      problem === undefined || folder.problem === undefined
        ? problem === folder.problem
        : sameWords(problem, folder.problem);
    folder.problem = problem;
    if (same) return;
    if (problem === undefined) {
      for (const path of folder.held) this.#tracker.notice(path);
      folder.held.clear();
    } else
      this.options.logger.warn('a watched folder’s rule cannot be used; its photos wait', {
        folder: this.#indexOf(folder.rule),
        reason: problem.key,
      });
    this.#reportState();
  }

  async #settleAndQueue(): Promise<void> {
    for (const folder of this.#folders.values()) this.#checkRule(folder);
    const settled = await this.#tracker.settled();
    const { ledger } = this.options;
    const ready: (SettledFile & KnownIdentity)[] = [];
    for (const file of settled) {
      if (ledger.seen(file.path, file.size, file.mtimeMs) || this.#skippedBefore(file)) continue;
      const folder = this.#folderOf(file.path);
      if (folder === undefined) continue;
      if (folder.problem !== undefined) {
        folder.held.add(file.path);
        continue;
      }
      // A folder on the way swapped for a link leads elsewhere: nothing there is taken in.
      const inside = await realPathInside(file.path, folder.rule.path);
      if (inside === undefined) continue; // gone: a later event brings it back
      if (!inside) {
        this.#saySkipped(file, OUTSIDE_WATCHED_REASON);
        continue;
      }
      // The rule's patterns and the folders' .photouploaderignore: said once, never read.
      const ignored = await watchedFileIgnored(
        folder.rule.path,
        file.path,
        folder.rule.ignore ?? [],
      );
      if (ignored !== undefined) {
        this.#saySkipped(file, ignored.reason);
        continue;
      }
      const complete = await imageCompleteness(file.path).catch(() => undefined);
      if (complete === undefined) continue; // gone or unreadable: a later event brings it back
      if (complete.kind === 'incomplete') this.#tracker.again(file.path);
      else if (complete.kind === 'complete') {
        // Checked last, and handed to the intake: it takes this very file or nothing.
        const identity = await watchedIdentity(file.path, folder.rule.path);
        if (identity === undefined)
          this.#tracker.again(file.path); // changed meanwhile: look again
        else ready.push({ ...file, ...identity });
      } else if (complete.kind === 'not-a-file') this.#saySkipped(file, complete.reason);
      else this.#skipped.set(file.path, { ...file, reason: undefined });
    }
    // In rounds the intake takes at once (it accepts up to 10,000 paths a call).
    for (let start = 0; start < ready.length && !this.#closed; start += INTAKE_ROUND)
      await this.#queue(ready.slice(start, start + INTAKE_ROUND));
  }

  /** Whether this very file (same size and time) was skipped before. */
  #skippedBefore(file: SettledFile): boolean {
    const skipped = this.#skipped.get(file.path);
    return skipped?.size === file.size && skipped.mtimeMs === file.mtimeMs;
  }

  /**
   * Reports a skipped file, unless the same file was skipped for the same reason before, and
   * remembers it so that it is not taken in again until it changes.
   */
  #saySkipped(file: SettledFile, reason: Words): void {
    const before = this.#skipped.get(file.path);
    this.#skipped.set(file.path, { size: file.size, mtimeMs: file.mtimeMs, reason });
    const same = before?.reason !== undefined && sameWords(before.reason, reason);
    if (same && this.#skippedBefore({ ...before, path: file.path })) return;
    this.options.report({ kind: 'skipped', path: file.path, reason });
  }

  /** The folder whose rule covers `path` (the deepest one, when watched folders nest). */
  #folderOf(path: string): Folder | undefined {
    return ruleCovering([...this.#folders.values()], (folder) => folder.rule.path, path);
  }

  /** A folder's place among the watched ones, for the log (never its path: see style.md). */
  #indexOf(rule: WatchRule): number {
    return [...this.#folders.keys()].indexOf(rule.path);
  }

  async #queue(files: readonly (SettledFile & KnownIdentity)[]): Promise<void> {
    const { core } = this.options;
    const byPath = new Map<string, SettledFile>(files.map((file) => [file.path, file]));
    const expected = new Map(files.map(({ path, dev, ino }) => [path, { dev, ino }]));
    const items = await core.intake([...byPath.keys()], this.options.assumedZone(), expected);
    try {
      await this.#queueTaken(items, byPath);
    } finally {
      core.release(items.map((item) => item.intakeId));
    }
  }

  /** Queues the photos of one round's intake, grouped by folder, project and tags. */
  async #queueTaken(
    items: readonly IntakeItemView[],
    byPath: ReadonlyMap<string, SettledFile>,
  ): Promise<void> {
    const { core, ledger, report, logger } = this.options;
    const groups = new Map<
      string,
      {
        folder: Folder;
        projectId: string;
        tags: readonly string[];
        photos: { intakeId: number; file: SettledFile; md5: string }[];
      }
    >();
    let projects: Promise<readonly NamedProject[]> | undefined;
    for (const item of items) {
      const file = byPath.get(item.path);
      const folder = this.#folderOf(item.path);
      if (file === undefined || folder === undefined) continue;
      if (item.status !== 'photo') {
        this.#saySkipped(file, item.reason);
        continue;
      }
      if (item.size !== file.size) {
        this.#tracker.touch(item.path); // changed again while it was read: wait once more
        continue;
      }
      if (ledger.seenBytes(item.path, item.md5)) continue;
      // Per-subfolder rules match names among every project, listed once per round.
      if (folder.rule.project.kind === 'per-subfolder') projects ??= core.listProjects();
      // The rule with its preset's defaults: tags, template, internal, after upload.
      const placed = placeWatchedFile(
        folder.usable,
        item.path,
        folder.rule.project.kind === 'per-subfolder' ? await (projects ?? []) : [],
      );
      if (placed.kind === 'skip') {
        this.#saySkipped(file, placed.reason);
        continue;
      }
      const key = JSON.stringify([folder.rule.path, placed.projectId, placed.tags]);
      const group = groups.get(key) ?? {
        folder,
        projectId: placed.projectId,
        tags: placed.tags,
        photos: [],
      };
      group.photos.push({ intakeId: item.intakeId, file, md5: item.md5 });
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      // The queue adds a photo once per project and says which it added: the others it held.
      const rule = group.folder.usable;
      const { addedIntakeIds } = await core.addPhotos({
        intakeIds: group.photos.map((photo) => photo.intakeId),
        projectId: group.projectId,
        description: rule.description,
        descriptionTemplate: rule.descriptionTemplate,
        internal: rule.internal,
        tags: group.tags,
        ...(rule.afterUpload === undefined
          ? {}
          : { afterUpload: { action: rule.afterUpload, root: rule.path } }),
      });
      const added = new Set(addedIntakeIds);
      const now = this.#now();
      ledger.record(
        group.photos.map(({ file, md5 }) => ({ ...file, md5 })),
        now,
      );
      const queued = group.photos.filter((photo) => added.has(photo.intakeId));
      if (queued.length > 0) group.folder.lastQueuedAt = now;
      group.folder.queued += queued.length;
      for (const { file } of queued) {
        logger.info('queued a watched photo', { projectId: group.projectId });
        report({ kind: 'queued', path: file.path, projectId: group.projectId });
      }
      for (const { file } of group.photos)
        if (!queued.some((photo) => photo.file === file))
          report({ kind: 'skipped', path: file.path, reason: ALREADY_QUEUED });
    }
    if (groups.size > 0) this.#reportState();
  }
}
