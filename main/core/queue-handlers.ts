import { type AfterUpload, isSameOrInside } from '../../shared/domain/after-upload';
import type { Clock } from '../../shared/domain/clock';
import type { IpcHandlers } from '../../shared/ipc/dispatcher';
import { csvInTurns, jsonInTurns, readReportRows } from '../queue/report-export';
import { NotAConflict, resolveConflict } from '../queue/conflict-resolution';
import type { QueueStore } from '../queue/queue-store';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import { words } from '../../shared/i18n/words';
import { planAddPhotos, plannedPhotoView } from './add-photos-plan';
import { batchWithPreset } from './preset-input';
import { previewDescriptions } from './description-preview';
import type { Preset } from '../../shared/domain/presets';
import type { CorePort } from './core-port';
import type { FrontEnd } from './front-end';
import { cleanDescription } from './handler-input-checks';
import type { IntakeRuns } from './intake-runs';
import type { ProjectNames } from './photo-description';
import type { QueueRunner } from './queue-runner';

/** What the queue handlers work with. */
export type QueueHandlerDeps = {
  readonly core: Pick<CorePort, 'notReadyReason'>;
  readonly store: QueueStore;
  readonly runs: IntakeRuns;
  readonly runner: QueueRunner;
  readonly clock: Clock;
  /** Puts a project first in the recent projects. */
  readonly rememberRecent: (projectId: string) => void;
  /** Tells the window these items changed. */
  readonly queueChange: (ids: readonly number[]) => void;
  /** Names projects for a description template's `{project}`; without it, ids stand in. */
  readonly projectNames?: ProjectNames;
  /**
   * Refuses paths the caller's front end was not handed by the operating system (a window names
   * no folder it did not get from a drop or the open dialog): see `FrontEnd.checkPaths`.
   */
  readonly checkPaths: (paths: readonly string[]) => Promise<void>;
  /** Who calls: the window may not change the after-upload action of queued photos. */
  readonly frontEnd: Pick<FrontEnd, 'kind'>;
  /**
   * The presets in effect (the organisation's and the user's own), read at each call: a preset
   * named by a batch gives its defaults from here, never through the front end.
   */
  readonly presets: () => readonly Preset[];
};

/**
 * The folders an after-upload action names (where to move photos, and whose subfolders a move
 * keeps): files are moved there, so they must be the caller's own, never a path a compromised
 * window made up.
 */
function afterUploadPaths(input: {
  readonly afterUpload?: AfterUpload | undefined;
  readonly afterUploadRoot?: string | undefined;
}): string[] {
  return [
    ...(input.afterUpload?.kind === 'move' ? [input.afterUpload.folder] : []),
    ...(input.afterUploadRoot === undefined ? [] : [input.afterUploadRoot]),
  ];
}

type QueueChannel =
  | 'queue:snapshot'
  | 'queue:sync'
  | 'queue:add-photos'
  | 'queue:plan-photos'
  | 'queue:preview-descriptions'
  | 'queue:pause'
  | 'queue:resume'
  | 'queue:retry'
  | 'queue:cancel'
  | 'queue:export-report'
  | 'queue:after-upload';

/** The handlers of the upload queue's calls (`queue:*`): adding, pausing, retrying, reporting. */
export function queueHandlers(deps: QueueHandlerDeps): Pick<IpcHandlers, QueueChannel> {
  const { core, store, runs, runner, rememberRecent, queueChange } = deps;
  return {
    'queue:snapshot': () => Promise.resolve(runner.snapshot()),

    'queue:sync': async () => {
      const ended = await runner.sync();
      return {
        ended,
        reason: ended === 'not-ready' ? core.notReadyReason : undefined,
        counts: store.counts(),
        waitedFor: runner.stats,
      };
    },

    'queue:add-photos': async (input) => {
      // Only the folders the caller names are its to prove; a preset's come from the settings.
      await deps.checkPaths(afterUploadPaths(input));
      const batch = batchWithPreset(input, deps.presets());
      const plan = await planAddPhotos(batch, runs, cleanDescription, deps.projectNames);
      const { added, alreadyQueued, addedEach } = store.addPhotos(plan.photos);
      // Photos already on the service, added done so that the batch's action tidies their files.
      const found = store.addPhotos(plan.foundOnService);
      for (const projectId of [...plan.projectIds].reverse()) rememberRecent(projectId);
      // The same drop's skipped and unreadable files, recorded once, so the report lists them.
      // The photos of the call not queued are listed too, with their reason: left out (far from
      // the project…), in a subfolder without a project, or already on the service (issue 22).
      store.addIntakeOutcomes(batch.projectId ?? plan.projectIds[0] ?? '', [
        ...runs.takeOutcomes(input.intakeIds),
        ...plan.notQueued,
      ]);
      queueChange([...added, ...found.added]);
      runner.kick();
      return {
        added: added.length,
        alreadyQueued: alreadyQueued.length,
        addedIntakeIds: plan.intakeIds.filter((_, index) => addedEach[index]),
        itemIds: [...added, ...alreadyQueued, ...found.added],
        skipped: plan.skipped,
      };
    },

    // The same plan as `queue:add-photos`, answered instead of queued: nothing is written, no
    // recent project remembered, the drop's outcomes stay for the batch that is queued later.
    'queue:plan-photos': async (input) => {
      await deps.checkPaths(afterUploadPaths(input));
      const batch = batchWithPreset(input, deps.presets());
      const plan = await planAddPhotos(batch, runs, cleanDescription, deps.projectNames);
      // Named where the service names them: a person reads a name, not an id. A listing that
      // fails leaves the ids alone, as a template's `{project}` does.
      const projectIds = [
        ...new Set(
          plan.each.flatMap((entry) => {
            const id = entry.decision === 'queue' ? entry.item.projectId : entry.projectId;
            return id === undefined ? [] : [id];
          }),
        ),
      ];
      const projectNames =
        deps.projectNames === undefined || projectIds.length === 0
          ? new Map<string, string>()
          : await deps.projectNames(projectIds).catch(() => new Map<string, string>());
      return {
        photos: plan.each.map((entry) =>
          plannedPhotoView(entry, {
            projectNames,
            queuedItemId:
              entry.decision === 'queue'
                ? store.queuedPhoto(entry.item.md5, entry.item.projectId)
                : undefined,
          }),
        ),
      };
    },

    // A few photos' descriptions for the window's preview: nothing is planned or queued.
    'queue:preview-descriptions': (input) =>
      previewDescriptions(
        input,
        runs,
        cleanDescription,
        deps.projectNames ?? (() => Promise.resolve(new Map())),
      ),

    'queue:after-upload': async (input) => {
      // Changes what happens to files the window never saw (the command line's, watched
      // folders'): only the command line may (`sync --after-upload`).
      if (deps.frontEnd.kind === 'window')
        throw new IpcFailure('failed', words('error.afterUpload.windowCannotChange'));
      const { action } = input;
      if (action.kind === 'leave') return { changed: 0 };
      await deps.checkPaths(afterUploadPaths({ afterUpload: action }));
      const changed = store.afterUpload.giveToUnfinished(
        action,
        (root) => action.kind === 'move' && isSameOrInside(action.folder, root),
      );
      queueChange(changed);
      return { changed: changed.length };
    },

    'queue:pause': async (input) => {
      const changed = await store.bulk.setPausedInTurns(true, input.itemId);
      queueChange(changed);
      return { changed: changed.length };
    },

    'queue:resume': async (input) => {
      const changed = await store.bulk.setPausedInTurns(false, input.itemId);
      queueChange(changed);
      runner.kick();
      return { changed: changed.length };
    },

    'queue:retry': async (input) => {
      if (input.resolve !== undefined && input.itemId !== undefined) {
        const { resolve, itemId } = input;
        try {
          resolveConflict(
            store,
            itemId,
            'description' in resolve
              ? { description: cleanDescription(resolve.description) }
              : resolve,
          );
        } catch (error) {
          if (error instanceof NotAConflict)
            throw new IpcFailure('bad-input', words('error.queue.notAConflict', { itemId }));
          throw error;
        }
        queueChange([itemId]);
        runner.kick();
        return { changed: 1 };
      }
      const changed = await store.bulk.retryInTurns(input.itemId);
      queueChange(changed);
      runner.kick();
      return { changed: changed.length };
    },

    'queue:cancel': (input) => {
      const cancelled = store.cancel(input.itemId);
      queueChange([input.itemId]);
      return Promise.resolve({ cancelled });
    },

    'queue:export-report': async (input) => {
      const rows = await readReportRows(store);
      const day = new Date(deps.clock.now()).toISOString().slice(0, 10);
      return input.format === 'csv'
        ? {
            fileName: `photo-uploader-report-${day}.csv`,
            mimeType: 'text/csv',
            content: await csvInTurns(rows),
          }
        : {
            fileName: `photo-uploader-report-${day}.json`,
            mimeType: 'application/json',
            content: await jsonInTurns(rows),
          };
    },
  };
}
