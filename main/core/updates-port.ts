import type { UpdateView } from '../../shared/ipc/views';

/**
 * The app's updates as the core's handlers reach them (issue 25 §3). The desktop app plugs in
 * its updater (`main/app/updates.ts`) with `AppCore.useUpdates`; the command line and the tests
 * have none, and say nothing.
 */
export type UpdatesPort = {
  /** Where the update stands, as the window shows it. */
  view(): UpdateView;
  /** Restart to install the downloaded update once no upload is under way. */
  restart(): UpdateView;
  /** Download the update found (when the organisation chose `notify`). */
  download(): UpdateView;
};

/** The view of a process that does not update itself: nothing to say or do. */
export const NO_UPDATE_VIEW: UpdateView = { notice: undefined, problem: false, action: undefined };

/** The updates of a process without an updater. */
export const NO_UPDATES: UpdatesPort = {
  view: () => NO_UPDATE_VIEW,
  restart: () => NO_UPDATE_VIEW,
  download: () => NO_UPDATE_VIEW,
};

/**
 * What the queue is doing that a restart would cut: photos in `creating` (the create is sent, or
 * its answer not yet reconciled) and the photos of the batch still to go (`queued`, some with
 * their bytes on the way to the photo host).
 */
export type UploadsUnderway = {
  /** Photos in `creating`. */
  readonly creating: number;
  /** Photos `queued`: the rest of the batch. */
  readonly queued: number;
  /** The queue runs now (its engine's condition is `running`). */
  readonly running: boolean;
};
