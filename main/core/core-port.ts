import type { SessionView, SettingsView } from '../../shared/ipc/views';
import type { HttpAgent } from '../http/http-agent';
import type { SettingsStore } from '../settings/settings-store';
import type { PhotoHost } from '../staging/photo-host';
import type { CoreWatchers } from '../watch/core-watchers';
import type { ServiceConnection } from './service-connection';
import type { UpdatesPort } from './updates-port';

/**
 * What the IPC handlers need of the core, and nothing more. `AppCore` implements it and hands
 * itself to the handlers as this port, so the handlers never import `app-core.ts` and the
 * imports run one way: handlers → port ← AppCore (test/unit/tooling/import-cycles.test.ts keeps
 * it so). Each handler module takes only the members it uses (`Pick<CorePort, …>`); a handler
 * that needs more of the core adds it here, as a type, never an import of `AppCore`.
 */
export interface CorePort {
  /** The settings in effect and their store (the policy's values on top of the user's). */
  readonly settings: SettingsStore;
  /** The watched folders of the settings. */
  readonly watchers: Pick<CoreWatchers, 'use' | 'views'>;
  /** The current connection to the service, if one is configured. */
  readonly connection: ServiceConnection | undefined;
  /** Why the queue cannot run now, in the user's words; undefined when it can. */
  readonly notReadyReason: string | undefined;
  /** What carries the core's requests (its proxy and certificate choices). */
  readonly httpDispatcher: HttpAgent;
  /** The photo host, if one is configured and has its keys. */
  readonly photoHost: PhotoHost | undefined;
  /** The settings as the window sees them (no secrets, only whether they are set). */
  settingsView(): Promise<SettingsView>;
  /** The session as the window sees it. */
  sessionView(): SessionView;
  /** Applies the saved settings (reconnects, rebuilds the photo host and the engine). */
  reconfigure(): Promise<void>;
  /**
   * Applies saved settings that changed, by name (`reconfigure` unless only settings read when
   * used changed), then tells the window (`settings:changed`).
   */
  settingsApplied(changed: readonly string[]): Promise<void>;
  /**
   * The window saved settings (`settings:set`): main's own words (menus, tray, dialogs) follow a
   * new language at once (`AppCore.onLocaleChange`).
   */
  settingsSaved(): void;
  /** Saves a diagnostics archive at an absolute path; returns the archive's path. */
  saveDiagnostics(file: string): Promise<string>;
  /** The app's updates (none on the command line). */
  readonly updates: UpdatesPort;
}
