import { IpcFailure } from '../../shared/ipc/dispatcher';

/** A change of where tokens or photos go: the service addresses, the client id or the photo host. */
export type SensitiveChange = {
  /** The settings that would change, by name (`authUrl`, `baseUrl`, `clientId`, `photoHost`). */
  readonly fields: readonly string[];
  /** What the user is asked, in plain words, naming the new values. */
  readonly summary: string;
};

/**
 * Who calls the core's handlers, and what that caller may do without asking the user. The core
 * serves one handler map per front end (`AppCore.handlersFor`): the window, which is treated as
 * possibly compromised, and the command line, which is the user at a terminal.
 */
export interface FrontEnd {
  /** For logs and messages. */
  readonly kind: 'window' | 'command-line';
  /**
   * Checks that every path came from the operating system for this front end (a drop, the open
   * dialog, the command line's arguments).
   * @throws IpcFailure `bad-input` naming the refused paths.
   */
  checkPaths(paths: readonly string[]): void;
  /**
   * Asks the user, in a way the caller cannot answer for them, to confirm a change of where
   * tokens or photos go. Resolves false when the user declines.
   */
  confirm(change: SensitiveChange): Promise<boolean>;
}

/**
 * The command line (in this process, or attached to the owner of the data folder): its paths
 * are the user's own arguments, and a service change is what the user typed as flags.
 */
export const commandLineFrontEnd: FrontEnd = {
  kind: 'command-line',
  checkPaths: () => undefined,
  confirm: () => Promise.resolve(true),
};

/** The failure a declined confirmation ends a call with. */
export function declined(change: SensitiveChange): IpcFailure {
  return new IpcFailure(
    'failed',
    `Nothing was changed: the change of ${change.fields.join(', ')} was not confirmed.`,
  );
}
