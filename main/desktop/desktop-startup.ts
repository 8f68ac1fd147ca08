import { createTranslator, type Translate } from '../../shared/i18n/translator';
import { withTimeLimit } from './quit-rules';
import { type NativeMessage, startupFailure } from './startup-words';

/** The steps of the desktop app's start, in the order they run. */
export type StartupStep = 'ready' | 'take-ownership' | 'seed-settings' | 'serve-as-owner' | 'shell';

/**
 * What the desktop app does to start, each step given what the one before made. The composition
 * root supplies them (Electron's lines); the order, and what happens when one fails, is decided
 * here.
 */
export type StartupSteps<Context, Lock, Owner> = {
  /** Waits for the platform and opens the log; makes what the other steps share. */
  readonly ready: () => Promise<Context>;
  /** Takes the data folder's lock (waiting for a command line that owns it). */
  readonly takeOwnership: (context: Context) => Promise<Lock>;
  /** Seeds the folder's settings from the environment: only the owner writes them. */
  readonly seedSettings: (context: Context) => Promise<void>;
  /** Starts the core as the folder's owner and opens the channel the command line attaches to. */
  readonly serveAsOwner: (context: Context, lock: Lock) => Promise<Owner>;
  /** Opens the window, the menu and the tray around the running core. */
  readonly openShell: (context: Context, owner: Owner) => void | Promise<void>;
  /** Lets the data folder's lock go (idempotent). */
  readonly releaseLock: (lock: Lock) => void;
  /** Closes a started owner: journals, shuts the core down, lets the folder go. */
  readonly closeOwner: (owner: Owner) => Promise<void>;
};

/** How a failed start ends: logged, told in a native dialog, then the process exits. */
export type StartupEnding<Context> = {
  /** Records the failure; `context` is undefined when `ready` failed (no log is open yet). */
  readonly log: (step: StartupStep, error: unknown, context: Context | undefined) => void;
  /** Shows the message in an error dialog; it may throw (no display): the exit still happens. */
  readonly tell: (message: NativeMessage) => void;
  /** The words the message is told in (the user's language); English when not given. */
  readonly words?: () => Translate;
  /** Ends the process with `code` (Electron's `app.exit`, which also drops the instance lock). */
  readonly exit: (code: number) => void;
  /** The longest time undoing the steps that succeeded may take before the exit anyway. */
  readonly undoLimitMs?: number;
};

/** How a start ended: the running owner, or the step that failed (the process is exiting). */
export type StartupOutcome<Owner> =
  | { readonly started: true; readonly owner: Owner }
  | { readonly started: false; readonly failedStep: StartupStep };

/** Undoing a failed start waits at most this long for the core to journal and close. */
export const STARTUP_UNDO_MS = 10_000;

/**
 * Starts the desktop app: ready → take ownership → seed settings → serve as owner → shell. When
 * a step fails (throws or rejects), the steps after it never run; what the earlier ones made is
 * undone within a time limit (the core closed, the lock let go); the reason is logged and shown;
 * and the process exits with code 1. So a failed start never leaves a windowless process
 * holding the single-instance lock or the data folder. Never rejects.
 */
export async function startDesktopApp<Context, Lock, Owner>(
  steps: StartupSteps<Context, Lock, Owner>,
  ending: StartupEnding<Context>,
): Promise<StartupOutcome<Owner>> {
  let step: StartupStep = 'ready';
  let context: Context | undefined;
  let lock: { readonly value: Lock } | undefined;
  let owner: { readonly value: Owner } | undefined;
  try {
    const made = await steps.ready();
    context = made;
    step = 'take-ownership';
    lock = { value: await steps.takeOwnership(made) };
    step = 'seed-settings';
    await steps.seedSettings(made);
    step = 'serve-as-owner';
    owner = { value: await steps.serveAsOwner(made, lock.value) };
    step = 'shell';
    await steps.openShell(made, owner.value);
    return { started: true, owner: owner.value };
  } catch (error) {
    safely(() => ending.log(step, error, context));
    await undo(steps, lock, owner, ending.undoLimitMs ?? STARTUP_UNDO_MS, (undoError) =>
      safely(() => ending.log(step, undoError, context)),
    );
    safely(() => ending.tell(startupFailure(error, (ending.words ?? englishWords)())));
    ending.exit(1);
    return { started: false, failedStep: step };
  }
}

/** Closes the owner if one started (which lets the lock go), else lets the lock go. */
async function undo<Context, Lock, Owner>(
  steps: StartupSteps<Context, Lock, Owner>,
  lock: { readonly value: Lock } | undefined,
  owner: { readonly value: Owner } | undefined,
  limitMs: number,
  logUndoError: (error: unknown) => void,
): Promise<void> {
  try {
    if (owner !== undefined) {
      const closing = steps.closeOwner(owner.value).catch(logUndoError);
      await withTimeLimit(closing, limitMs);
    }
  } finally {
    // Always, even when closing the owner failed or took too long: the process is about to exit
    // and the command line must find the folder free.
    if (lock !== undefined) safely(() => steps.releaseLock(lock.value), logUndoError);
  }
}

const englishWords = () => createTranslator('en').t;

function safely(work: () => void, onError: (error: unknown) => void = () => undefined): void {
  try {
    work();
  } catch (error) {
    onError(error);
  }
}
