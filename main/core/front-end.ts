import { words } from '../../shared/i18n/words';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import type { SensitiveChange } from './sensitive-change';
import type { SetupToConfirm } from './setup-question';

export type { SensitiveChange } from './sensitive-change';
export type { SetupToConfirm } from './setup-question';

/**
 * Who calls the core's handlers, and what that caller may do without asking the user. The core
 * serves one handler map per front end (`AppCore.handlersFor`): the window, which is treated as
 * possibly compromised, and the command line, which is the user at a terminal.
 */
export interface FrontEnd {
  /** For logs and messages. */
  readonly kind: 'window' | 'command-line';
  /**
   * Records paths the operating system handed to this front end (a drop, the open dialog), so
   * that they and everything under them pass `checkPaths`.
   */
  grant(paths: readonly string[]): Promise<void>;
  /**
   * Checks that every path came from the operating system for this front end (a drop, the open
   * dialog, the command line's arguments).
   * @throws IpcFailure `bad-input` naming the refused paths.
   */
  checkPaths(paths: readonly string[]): Promise<void>;
  /**
   * Asks the user, in a way the caller cannot answer for them, to confirm a change of where
   * tokens or photos go. Resolves false when the user declines.
   */
  confirm(change: SensitiveChange): Promise<boolean>;
  /**
   * Asks the user, in a way the caller cannot answer for them, whether to apply a setup file
   * (what it sets, in words). Resolves false when the user declines.
   */
  confirmSetup(setup: SetupToConfirm): Promise<boolean>;
}

/**
 * The command line (in this process, or attached to the owner of the data folder): its paths
 * are the user's own arguments, and a service change is what the user typed as flags.
 */
export const commandLineFrontEnd: FrontEnd = {
  kind: 'command-line',
  grant: () => Promise.resolve(),
  checkPaths: () => Promise.resolve(),
  confirm: () => Promise.resolve(true),
  // `setup FILE` asked at the terminal before it called the core, or was given `--yes`.
  confirmSetup: () => Promise.resolve(true),
};

/** The failure a declined confirmation ends a call with. */
export function declined(change: SensitiveChange): IpcFailure {
  // The settings' own names (`authUrl`, `photoHost`), as the command line's flags say them.
  return new IpcFailure(
    'failed',
    words('error.settings.notConfirmed', { fields: [...change.fields] }),
  );
}
