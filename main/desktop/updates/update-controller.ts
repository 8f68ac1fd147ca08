import type { UpdateView } from '../../../shared/ipc/views';
import type { UpdatesPort } from '../../core/updates-port';
import { checkDue } from './check-schedule';
import { type UploadsUnderway, uploadsToWaitFor } from './safe-point';
import type { UpdatePlan } from './update-plan';
import {
  holdsUpdate,
  nextUpdateState,
  type UpdateEvent,
  updateFailure,
  type UpdateState,
} from './update-state';
import { updateView } from './update-words';

/**
 * What the controller asks of electron-updater's `autoUpdater` (set up as the plan says by
 * `main/app/updates.ts`); its events come back through `UpdateController.handle`.
 */
export type Updater = {
  /** Looks for an update (`checkForUpdates`). */
  check(): Promise<unknown>;
  /** Downloads the update found (`downloadUpdate`), when it was not downloaded at once. */
  download(): Promise<unknown>;
  /** Installs the downloaded update and restarts (`quitAndInstall`). */
  quitAndInstall(): void;
  /**
   * Installs the downloaded update as the app quits. electron-updater does it on Electron's
   * `quit` event, which the app's own shutdown (`app.exit` once the queue is journaled) never
   * emits; so the shutdown asks for it.
   */
  installOnQuit(): void;
};

/** What the controller works with. */
export type UpdateControllerDeps = {
  readonly plan: UpdatePlan;
  /** The updater, when it is made before the controller (else `attach`). */
  readonly updater?: Updater | undefined;
  /** What the queue is doing that a restart must not cut. */
  readonly underway: () => UploadsUnderway;
  /** Now, in ms. */
  readonly now: () => number;
  /** Tells the window the view changed (`updates:changed`). */
  readonly changed: (view: UpdateView) => void;
  /** Logs what went wrong (never the error's message to the window). */
  readonly failed: (step: string, error: unknown) => void;
};

/**
 * The app's update, from electron-updater's events, the user's asks and the queue's changes,
 * through the plain decisions beside it: when to look (`checkDue`), what the window says
 * (`updateView`), when it is safe to restart (`uploadsToWaitFor`). No Electron here.
 */
export class UpdateController implements UpdatesPort {
  #state: UpdateState;
  #lastCheckAt: number | undefined;
  #told: string;
  #updater: Updater | undefined;

  constructor(private readonly deps: UpdateControllerDeps) {
    this.#state =
      deps.plan.kind === 'none' ? { kind: 'none', reason: deps.plan.reason } : { kind: 'idle' };
    this.#updater = deps.updater;
    this.#told = JSON.stringify(this.view());
  }

  /** Uses `updater` (set up with this controller's `handle` as its listener). */
  attach(updater: Updater): void {
    this.#updater = updater;
  }

  /** Where the update stands. */
  get state(): UpdateState {
    return this.#state;
  }

  /** How many uploads a restart would wait for now. */
  #uploads(): number {
    return uploadsToWaitFor(this.deps.underway());
  }

  /** What the window shows of the update now (with the uploads "Restart to update" waits for). */
  view(): UpdateView {
    return updateView(this.#state, this.#state.kind === 'ready' ? this.#uploads() : 0);
  }

  /** Moves the state on, tells the window when what it shows changed, installs when it may. */
  handle(event: UpdateEvent): void {
    const before = this.#state;
    this.#state = nextUpdateState(before, event);
    if (this.#state.kind === 'installing' && before.kind !== 'installing')
      this.#updater?.quitAndInstall();
    this.#tell();
  }

  #tell(): void {
    const view = this.view();
    const said = JSON.stringify(view);
    if (said === this.#told) return;
    this.#told = said;
    this.deps.changed(view);
  }

  /** Looks for an update when one is due: at start, then every 6 hours, never twice at once. */
  tick(): void {
    const updater = this.#updater;
    if (updater === undefined || this.#state.kind === 'none') return;
    const now = this.deps.now();
    const busy = this.#state.kind === 'checking';
    if (
      !checkDue({ now, lastStartedAt: this.#lastCheckAt, busy, holding: holdsUpdate(this.#state) })
    )
      return;
    this.#lastCheckAt = now;
    this.handle({ type: 'checking' });
    updater.check().catch((error: unknown) => this.#fail('check', error));
  }

  #fail(step: string, error: unknown): void {
    this.deps.failed(step, error);
    this.handle({ type: 'error', failure: updateFailure(error) });
  }

  /** The queue changed: a waiting restart may go now, and "Restart to update" counts anew. */
  queueChanged(): void {
    if (this.#state.kind === 'waiting') this.handle({ type: 'uploads', uploads: this.#uploads() });
    else if (this.#state.kind === 'ready') this.#tell();
  }

  /** The user asked to restart to update: now if nothing is under way, else once it is done. */
  restart(): UpdateView {
    this.handle({ type: 'restart', uploads: this.#uploads() });
    return this.view();
  }

  /** The user asked to download the update found (the organisation chose `notify`). */
  download(): UpdateView {
    const before = this.#state;
    this.handle({ type: 'download' });
    if (before.kind === 'available' && this.#state.kind === 'downloading')
      this.#updater?.download().catch((error: unknown) => this.#fail('download', error));
    return this.view();
  }

  /** The app quits: a downloaded update is installed, as the plan says (not when restarting). */
  quitting(): void {
    if (this.#state.kind !== 'ready' && this.#state.kind !== 'waiting') return;
    if (this.deps.plan.kind !== 'check' || !this.deps.plan.autoInstallOnAppQuit) return;
    try {
      this.#updater?.installOnQuit();
    } catch (error) {
      this.deps.failed('install on quit', error);
    }
  }
}
