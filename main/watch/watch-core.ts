import type { AfterUpload } from '../../shared/domain/after-upload';
import type { IpcCallInput } from '../../shared/ipc/bridge';
import type { IpcChannel, IpcResults } from '../../shared/ipc/contract';
import { createIpcDispatcher, type IpcHandlers } from '../../shared/ipc/dispatcher';
import type { IntakeItemView } from '../../shared/ipc/views';
import type { NamedProject } from '../folders/folder-rules';
import type { KnownIdentity } from '../media/crawl';

/**
 * What a watcher needs of the core: the same calls every front end makes (intake, queue, the
 * list of projects), so watched photos are taken in and queued exactly as dropped ones are.
 */
export interface WatchCore {
  /**
   * Takes `paths` in (capture time, GPS, MD5 on the media workers); results in order. Each path
   * must be the file `expected` names (device and inode, as checked): another is refused.
   */
  intake(
    paths: readonly string[],
    assumedZone: string,
    expected: ReadonlyMap<string, KnownIdentity>,
  ): Promise<IntakeItemView[]>;
  /** Queues photos of one intake through `queue:add-photos`. */
  addPhotos(input: {
    readonly intakeIds: readonly number[];
    readonly projectId: string;
    readonly description: string;
    /** The rule's description template, rendered by the core for each photo. */
    readonly descriptionTemplate?: string | undefined;
    readonly internal: boolean;
    readonly tags: readonly string[];
    /** What becomes of the files once uploaded (the rule's), and the watched folder they keep. */
    readonly afterUpload?: { readonly action: AfterUpload; readonly root: string } | undefined;
  }): Promise<{ readonly addedIntakeIds: readonly number[] }>;
  /** Every project of the service (all pages), for the exact match of subfolder names. */
  listProjects(): Promise<readonly NamedProject[]>;
  /**
   * Lets the core forget a round's intake results once the round is queued or skipped: a watch
   * runs for weeks, and the core would otherwise keep every photo it ever took in.
   */
  release(intakeIds: readonly number[]): void;
}

/** One call to the core, however it is reached. */
export type CoreCall = <C extends IpcChannel>(
  channel: C,
  input: IpcCallInput<C>,
) => Promise<IpcResults[C]>;

/**
 * The core's handlers as a `CoreCall`: each call goes through the same dispatcher as every front
 * end (its input checked by the contract's schema); a failure is thrown with its message.
 */
export function coreCallOver(handlers: IpcHandlers): CoreCall {
  const dispatch = createIpcDispatcher(handlers);
  return async <C extends IpcChannel>(channel: C, input: IpcCallInput<C>) => {
    const result = await dispatch(channel, input, { trusted: true });
    if (!result.ok) throw new Error(result.message);
    // The dispatcher answers each channel with that channel's result (see IpcHandlers).
    return result.value as IpcResults[C];
  };
}

/**
 * The one `WatchCore` over the core's calls: queueing through `queue:add-photos` and projects
 * through `projects:list-all`. `intake` is given, because how a watcher learns its intake's
 * results depends on where it runs (the owner's watchers take their runs' batches directly), and
 * so is `release`.
 */
export function watchCoreOver(
  call: CoreCall,
  intake: WatchCore['intake'],
  release: WatchCore['release'],
): WatchCore {
  return {
    intake,
    release,
    addPhotos: (input) =>
      call('queue:add-photos', {
        intakeIds: [...input.intakeIds],
        projectId: input.projectId,
        description: input.description,
        ...(input.descriptionTemplate === undefined
          ? {}
          : { descriptionTemplate: input.descriptionTemplate }),
        internal: input.internal,
        tags: [...input.tags],
        // The watcher worked out each photo's project and tags itself (watch-placement).
        tagsFromFolders: false,
        // A watched folder never re-sends what the project has: the engine checks each photo.
        allowDuplicates: false,
        ...(input.afterUpload === undefined
          ? {}
          : { afterUpload: input.afterUpload.action, afterUploadRoot: input.afterUpload.root }),
      }),
    listProjects: async () => (await call('projects:list-all', { query: '' })).projects,
  };
}
