import { chooseLocale, type Locales } from '../../shared/i18n/locales';
import { type Clock, systemClock } from '../../shared/domain/clock';
import type { IpcEventPayloads } from '../../shared/ipc/contract';
import type { IpcHandlers } from '../../shared/ipc/dispatcher';
import type {
  UpdateView,
  QueueCondition,
  QueueProgressView,
  SessionView,
  SettingsView,
  SetupResultView,
} from '../../shared/ipc/views';
import type { HttpAgent } from '../http/http-agent';
import { currentVersions } from '../diagnostics/versions';
import { writeDiagnostics } from '../diagnostics/write-diagnostics';
import type { MediaWorkers } from '../media/media-workers';
import type { Rendition, ServiceRenditions } from '../media/service-renditions';
import type { Thumbnails } from '../media/thumbnails';
import type { QueueStore } from '../queue/queue-store';
import type { PolicyFollower } from '../settings/policy-follower';
import { changeNeedsReconfigure } from '../settings/read-when-used';
import type { SettingsStore } from '../settings/settings-store';
import type { PhotoHost } from '../staging/photo-host';
import type { AppCoreOptions } from './app-core-options';
import { ConfiguredParts } from './configured-parts';
import { type CoreEventListener, CoreListeners } from './core-listeners';
import type { CorePort } from './core-port';
import { buildCoreParts } from './core-parts';
import type { IntakeRuns } from './intake-runs';
import { redirectChoice, settingsView } from './settings-view';
import { createIpcHandlers } from './ipc-handlers';
import type { QueueRunner } from './queue-runner';
import type { ServiceConnection } from './service-connection';
import { sessionView } from './views';
import type { CoreWatchers } from '../watch/core-watchers';
import { watchSessionsOfConnection } from '../watch/watch-session-handlers';
import { commandLineFrontEnd, type FrontEnd } from './front-end';
import { openSetupFile } from './setup-handlers';
import { pendingUploadsOf, uploadsUnderwayOf } from './queue-load';
import { NO_UPDATES, type UploadsUnderway, type UpdatesPort } from './updates-port';

export type { AppCoreOptions, PathChooser } from './app-core-options';

/**
 * The app without Electron: settings, keychain, sign-in, intake, photo host and upload queue,
 * built once and wired together. Electron's main process and the end-to-end bridge host both
 * serve its `handlers` and forward its events; neither adds logic of its own. The handlers see it
 * through `CorePort` only.
 */
export class AppCore implements CorePort {
  readonly #handlers = new Map<FrontEnd, IpcHandlers>();
  readonly settings: SettingsStore;
  readonly #listeners = new CoreListeners(() => this.locale());
  readonly #clock: Clock;
  readonly #store: QueueStore;
  readonly #workers: MediaWorkers;
  #mediaThreadsLoaded: Promise<void> = Promise.resolve();
  readonly #thumbnails: Thumbnails;
  readonly #runs: IntakeRuns;
  readonly #renditions: ServiceRenditions;
  readonly #runner: QueueRunner;
  /** The watched folders of the settings (issue 13). */
  readonly watchers: CoreWatchers;
  readonly #policy: PolicyFollower | undefined;
  /** The network, service connection, photo host and engine: rebuilt by `reconfigure`. */
  readonly #configured: ConfiguredParts;
  /** The computer runs on battery (told by the app's power monitor; never on the command line). */
  #onBattery = false;
  /** The app's updates (`useUpdates`); none on the command line. */
  #updates: UpdatesPort = NO_UPDATES;
  /** Serialises reconfiguration: settings saved twice quickly apply in order. */
  #configuring: Promise<void> = Promise.resolve();

  private constructor(private readonly options: AppCoreOptions) {
    this.#clock = options.clock ?? systemClock;
    const parts = buildCoreParts(options, {
      clock: this.#clock,
      dispatcher: () => this.#configured.dispatcher,
      renditionDispatcher: () => this.#configured.renditionDispatcher,
      emit: (event, payload) => this.#listeners.emit(event, payload),
      commandLineHandlers: () => this.handlersFor(commandLineFrontEnd),
      policyChanged: (changed) => this.settingsApplied(changed),
    });
    this.settings = parts.settings;
    this.#store = parts.store;
    this.#workers = parts.workers;
    this.#thumbnails = parts.thumbnails;
    this.#renditions = parts.renditions;
    this.#runs = parts.runs;
    this.#runner = parts.runner;
    this.watchers = parts.watchers;
    this.#policy = parts.policy;
    this.#configured = new ConfiguredParts({
      options,
      clock: this.#clock,
      parts,
      onBattery: () => this.#onBattery,
      sessionChanged: () => this.#emit('session:changed', this.sessionView()),
      locale: () => this.locale(),
    });
  }

  /**
   * The handler map one front end calls (the window, the command line): the same handlers, with
   * what that caller may do without asking the user.
   */
  handlersFor(frontEnd: FrontEnd): IpcHandlers {
    let handlers = this.#handlers.get(frontEnd);
    if (handlers === undefined) {
      handlers = createIpcHandlers({
        core: this,
        store: this.#store,
        runs: this.#runs,
        runner: this.#runner,
        renditions: this.#renditions,
        chooser: this.options.chooser,
        secrets: this.options.secrets,
        redactor: this.options.redactor,
        clock: this.#clock,
        frontEnd,
      });
      this.#handlers.set(frontEnd, handlers);
    }
    return handlers;
  }

  /**
   * Opens the setup file at `path`, which the operating system handed to `frontEnd` (a drop on
   * the window, a double-click): the same checks, confirmation and saving as `setup:open`.
   */
  openSetupFile(path: string, frontEnd: FrontEnd): Promise<SetupResultView> {
    return openSetupFile(
      {
        settings: this.settings,
        settingsApplied: (changed) => this.settingsApplied(changed),
        secrets: this.options.secrets,
        redactor: this.options.redactor,
        frontEnd,
        chooser: this.options.chooser,
      },
      path,
    );
  }

  /**
   * The calls served to one connection of a command line (attached, or this process's own), on
   * top of `handlersFor(commandLineFrontEnd)`: its watch sessions, whose reports go to `send`
   * only. `close` when the connection ends: its sessions end with it.
   */
  connectionHandlers(send: (report: IpcEventPayloads['watch:session-report']) => void): {
    readonly handlers: Partial<IpcHandlers>;
    close(): Promise<void>;
  } {
    return watchSessionsOfConnection(this.watchers, send);
  }

  /** Builds the core, restores the session from the keychain and starts the queue. */
  static async start(options: AppCoreOptions): Promise<AppCore> {
    const core = new AppCore(options);
    // The organisation's policy first: the settings applied below are those it leaves in effect.
    await core.#policy?.start();
    await core.reconfigure();
    core.#policy?.follow();
    // Start the worker threads now so the first drop is not kept waiting.
    core.#mediaThreadsLoaded = core.#workers.warmUp();
    await core.watchers.use(core.settings.get().watchFolders ?? []);
    return core;
  }

  /** Resolves once the media threads started at launch have loaded (for measurements). */
  mediaThreadsLoaded(): Promise<void> {
    return this.#mediaThreadsLoaded;
  }

  /** Listens to every event for the window; returns the function that stops listening. */
  onEvent(listener: CoreEventListener): () => void {
    return this.#listeners.onEvent(listener);
  }

  /**
   * Calls `listener` with the new language each time main's own words change language (the
   * user's choice in Settings, a setup file, the organisation's policy): the desktop shell builds
   * its menus and tray again. Returns the function that stops listening.
   */
  onLocaleChange(listener: (locale: Locales) => void): () => void {
    return this.#listeners.onLocaleChange(listener);
  }

  /**
   * Calls `listener` each time saved settings changed (the window, a setup file, the
   * organisation's policy): the desktop shell follows start at login. Returns the function that
   * stops listening.
   */
  onSettingsChange(listener: () => void): () => void {
    return this.#listeners.onSettingsChange(listener);
  }

  /** The window saved settings: main's own words follow a new language. */
  settingsSaved(): void {
    this.#listeners.settingsChanged();
  }

  /** The current connection to the service, if one is configured. */
  get connection(): ServiceConnection | undefined {
    return this.#configured.connection;
  }

  /** The queue's progress and condition, for the tray (no items: cheap). */
  queueStatus(): { progress: QueueProgressView; condition: QueueCondition; pausedAll: boolean } {
    return this.#runner.status();
  }

  /** Photos not yet uploaded and not waiting for the user (quitting asks about these). */
  pendingUploads(): number {
    return pendingUploadsOf(this.#store);
  }

  /** What the queue is doing that a restart to update must not cut (`uploadsUnderwayOf`). */
  uploadsUnderway(): UploadsUnderway {
    return uploadsUnderwayOf(this.#store, this.#runner);
  }

  /** The app's updates: none until the desktop app plugs its updater in (`useUpdates`). */
  get updates(): UpdatesPort {
    return this.#updates;
  }

  /**
   * Plugs in the desktop app's updater; returns what tells the window the update moved on
   * (`updates:changed`).
   */
  useUpdates(updates: UpdatesPort): (view: UpdateView) => void {
    this.#updates = updates;
    return (view) => this.#emit('updates:changed', view);
  }

  /** Why the queue cannot run now (no service, no photo host, no keys); undefined when it can. */
  get notReadyReason(): string | undefined {
    return this.#configured.notReady;
  }

  /** What carries the core's requests (its proxy and certificate choices): the host test's too. */
  get httpDispatcher(): HttpAgent {
    return this.#configured.dispatcher;
  }

  /** The photo host, if one is configured and has its keys. */
  get photoHost(): PhotoHost | undefined {
    return this.#configured.host;
  }

  /** The settings as the window sees them (no secrets, only whether they are set). */
  settingsView(): Promise<SettingsView> {
    const saved = this.settings.get();
    return settingsView(
      saved,
      this.options.secrets,
      {
        kind: redirectChoice(saved, this.options.customScheme).kind,
        note: this.options.redirectNote,
      },
      this.settings.policy(),
      this.locale(),
    );
  }

  /**
   * The language the window and main's own words are shown in now (Settings, else the system's),
   * and the system's tag of it their dates and numbers are written in.
   */
  locale(): Locales {
    return chooseLocale(
      this.settings.get().language ?? 'system',
      this.options.systemLanguages?.() ?? [],
      this.options.pseudoLocale ?? false,
    );
  }

  /**
   * Saves a diagnostics archive at `file` (an absolute path the user chose): the data folder's
   * logs with every secret removed, the versions, the settings without secrets and the queue's
   * counts. The Help menu calls this directly; the command line through `diagnostics:save`.
   * @returns the archive's path.
   * @throws DiagnosticsNotSaved saying why the file could not be written.
   */
  async saveDiagnostics(file: string): Promise<string> {
    return writeDiagnostics({
      dataDir: this.options.dataDir,
      settingsView: await this.settingsView(),
      queueCounts: this.#store.counts(),
      versions: currentVersions(),
      out: file,
      redact: (text) => this.options.redactor.text(text),
    });
  }

  /**
   * Applies the saved settings: reconnects to the service (the session is restored from the
   * keychain) and rebuilds the photo host and the upload engine. In-flight upload steps finish
   * and are journaled first.
   */
  reconfigure(): Promise<void> {
    const next = this.#configuring.then(async () => {
      await this.#configured.apply(this.settings.get());
      this.#emit('session:changed', this.sessionView());
    });
    this.#configuring = next.catch(() => undefined);
    // A `sync` waiting meanwhile goes on with the new engine (issue 22: `--hours` from a second
    // command ended a running `sync` with "the queue cannot run yet").
    this.#runner.swapping(this.#configuring);
    return next;
  }

  /** A URL the operating system handed over (the custom-scheme sign-in callback). */
  async handleDeepLink(url: string): Promise<void> {
    await this.#configuring;
    const outcome = await this.#configured.connection?.session.handleDeepLink(url);
    if (outcome?.kind === 'dropped')
      this.options.logger.warn('ignored a link the app was not waiting for', {
        reason: outcome.reason,
      });
  }

  /** The network changed or the computer woke: fresh connections, and probe now if offline. */
  networkChanged(): void {
    this.#configured.connection?.api?.replacePool();
    this.#runner.probeNow();
  }

  /** The computer is going to sleep: finish and journal the steps in flight, then wait. */
  async suspend(): Promise<void> {
    await this.#runner.stop();
  }

  /** The computer woke up. */
  resume(): void {
    this.networkChanged();
  }

  /** The computer went on battery or back on mains power (the app's power monitor). */
  powerSourceChanged(onBattery: boolean): void {
    this.#onBattery = onBattery;
    if (!onBattery) this.#runner.kick();
  }

  /**
   * The thumbnail file of a photo taken in during this session or in the queue (queued before a
   * restart, by the command line or a watched folder), made on a worker if needed; undefined for
   * any other MD5 (the window cannot ask for arbitrary files: the path is main's own record).
   */
  async thumbnail(md5: string): Promise<string | undefined> {
    const source = this.#runs.thumbnailSource(md5) ?? this.#store.thumbnailSource(md5);
    if (source === undefined) return undefined;
    try {
      return await this.#thumbnails.get(source);
    } catch {
      return undefined;
    }
  }

  /**
   * The service's rendition of a photo it listed (`thumb://service/<id>`), fetched through the
   * core's network; undefined for a photo not listed, a refused address or a failed fetch.
   */
  rendition(photoId: string): Promise<Rendition | undefined> {
    return this.#renditions.get(photoId);
  }

  /**
   * Stops the queue for good (the owner is quitting): the steps in flight are journaled, and
   * every `queue:sync` still waiting ends `stopped`.
   */
  async stopQueue(): Promise<void> {
    await this.#runner.close();
  }

  /** Quitting: in-flight steps are journaled, then everything is closed. */
  async shutdown(): Promise<void> {
    this.#policy?.close();
    await this.#configuring;
    await this.watchers.close();
    await this.#runner.close();
    this.#listeners.clear();
    await this.#configured.closeService();
    await this.#workers.close();
    await this.#configured.closeNetwork();
    this.#store.close();
  }

  /**
   * Saved settings changed (the organisation's policy while running, a setup file): applied
   * (`reconfigure` unless only settings read when used changed), then the window is told.
   */
  async settingsApplied(changed: readonly string[]): Promise<void> {
    if (changeNeedsReconfigure(changed)) await this.reconfigure();
    this.#emit('settings:changed', await this.settingsView());
    this.#listeners.settingsChanged();
  }

  /** The session as the window sees it. */
  sessionView(): SessionView {
    return sessionView(this.#configured.connection?.session.snapshot(), this.settings.get());
  }

  #emit: CoreListeners['emit'] = (event, payload) => this.#listeners.emit(event, payload);
}
