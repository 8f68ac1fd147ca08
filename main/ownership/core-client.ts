import type { IpcCallInput } from '../../shared/ipc/bridge';
import type {
  IpcChannel,
  IpcEvent,
  IpcEventPayloads,
  IpcResult,
  IpcResults,
} from '../../shared/ipc/contract';

/**
 * The core as a front end other than the window reaches it: the same calls and events as the
 * window's bridge, answered by the core in this process (when it owns the data folder) or by the
 * process that owns it (attached over the owner's local channel).
 */
export interface CoreClient {
  /** `owner`: this process runs the core; `attached`: another process does. */
  readonly kind: 'owner' | 'attached';
  /** One call; never throws for a refused call (see `IpcResult`). */
  invoke<C extends IpcChannel>(
    channel: C,
    input: IpcCallInput<C>,
  ): Promise<IpcResult<IpcResults[C]>>;
  /** Listens to an event; returns the function that stops listening. */
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayloads[E]) => void): () => void;
  /**
   * Rejects with `OwnerGoneError` if the process that owns the data folder goes away (never, for
   * the owner itself). A command waiting for events races this, so it never waits forever.
   */
  untilGone(): Promise<never>;
  /**
   * Ends this front end. An owner first lets the calls attached processes are waiting for run
   * to their end (with `now`: stops the queue, so that they end `stopped`), then journals the
   * steps in flight, shuts the core down and lets the data folder go. Attached: disconnects.
   */
  close(options?: { readonly now?: boolean }): Promise<void>;
}

/** Thrown when the process that owns the data folder went away while a call was waiting. */
export class OwnerGoneError extends Error {
  override readonly name = 'OwnerGoneError';
}
