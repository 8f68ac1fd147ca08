import type { IpcCallInput } from '../../shared/ipc/bridge';
import type { IpcChannel, IpcEventPayloads, IpcResults } from '../../shared/ipc/contract';
import type { IntakeItemView } from '../../shared/ipc/views';
import type { NamedProject } from '../folders/folder-rules';

/**
 * What a watcher needs of the core: the same calls every front end makes (intake, queue, project
 * search), so watched photos are taken in and queued exactly as dropped ones are. The app's
 * watchers call the core's handlers directly; the command line's go through `context.call` (in
 * this process, or in the process that owns the data folder).
 */
export interface WatchCore {
  /** Takes `paths` in (capture time, GPS, MD5 on the media workers); results in order. */
  intake(paths: readonly string[], assumedZone: string): Promise<IntakeItemView[]>;
  /** Queues photos of one intake through `queue:add-photos`. */
  addPhotos(input: {
    readonly intakeIds: readonly number[];
    readonly projectId: string;
    readonly description: string;
    readonly internal: boolean;
    readonly tags: readonly string[];
  }): Promise<{ readonly addedIntakeIds: readonly number[] }>;
  /** The service's projects whose name contains `query` (first page). */
  findProjects(query: string): Promise<readonly NamedProject[]>;
}

/** One call to the core, however it is reached. */
export type CoreCall = <C extends IpcChannel>(
  channel: C,
  input: IpcCallInput<C>,
) => Promise<IpcResults[C]>;

/** Listens to the core's intake results; returns the function that stops listening. */
export type OnIntakeBatch = (
  listener: (batch: IpcEventPayloads['intake:batch']) => void,
) => () => void;

/**
 * A `WatchCore` over the core's calls and its `intake:batch` events. `waitFor` bounds each wait
 * for events by the life of the process that answers them (see `CliContext.waitFor`): when the
 * owner of the data folder goes away mid-intake, the intake fails instead of waiting forever.
 */
export function watchCoreThroughCalls(
  call: CoreCall,
  onBatch: OnIntakeBatch,
  waitFor: <T>(waiting: Promise<T>) => Promise<T>,
): WatchCore {
  return {
    async intake(paths, assumedZone) {
      const seen: IpcEventPayloads['intake:batch'][] = [];
      let runId: number | undefined;
      let finished: (() => void) | undefined;
      const done = new Promise<void>((resolve) => (finished = resolve));
      const stop = onBatch((batch) => {
        seen.push(batch);
        if (batch.runId === runId && batch.progress.done) finished?.();
      });
      try {
        runId = (await call('intake:add-paths', { paths: [...paths], assumedZone })).runId;
        if (!seen.some((batch) => batch.runId === runId && batch.progress.done))
          await waitFor(done);
        return seen.filter((batch) => batch.runId === runId).flatMap((batch) => batch.items);
      } finally {
        stop();
      }
    },
    addPhotos: (input) =>
      call('queue:add-photos', {
        intakeIds: [...input.intakeIds],
        projectId: input.projectId,
        description: input.description,
        internal: input.internal,
        tags: [...input.tags],
      }),
    findProjects: (query) => call('projects:search', { query }),
  };
}
