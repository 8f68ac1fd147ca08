import type { Words } from '../../shared/i18n/translator';
import type { Clock } from '../../shared/domain/clock';
import type { Browser } from '../auth/browser';
import type { ProxyResolver } from '../http/proxy-routing-dispatcher';
import type { Logger, Redactor } from '../logging/logger';
import type { TrashPort } from '../media/after-upload-files';
import type { SecretStore } from '../secrets/secret-store';
import type { PolicySource } from '../settings/policy-source';
import type { SettingsFile } from '../settings/settings-store';

/**
 * What the user is asked to choose: photos, folders of photos, one setup file, or the one folder
 * a batch's photos move to after upload.
 */
export type ChooserKind = 'files' | 'folder' | 'setup-file' | 'move-folder';

/**
 * Asks the user for files, folders, a setup file or the folder to move photos to (Electron's open
 * dialog; a scripted list in tests).
 */
export interface PathChooser {
  /**
   * The chosen paths; empty when the user cancelled. `setup-file`: one `.photouploader` file;
   * `move-folder`: one folder.
   */
  choose(kind: ChooserKind): Promise<string[]>;
}

/** What the core is built from: its data folder, the platform's ports and its choices. */
export type AppCoreOptions = {
  /** Settings, the queue database and the thumbnail cache live here. */
  readonly dataDir: string;
  readonly secrets: SecretStore;
  readonly browser: Browser;
  readonly chooser: PathChooser;
  readonly logger: Logger;
  readonly redactor: Redactor;
  readonly clock?: Clock;
  /**
   * The app's private URL scheme, when the operating system hands it to this process (the
   * Electron app). Without one, sign-in always uses a loopback redirect.
   */
  readonly customScheme: string | undefined;
  /**
   * Where the organisation's policy is read (`systemPolicySource`: the app, the command line and
   * the bridge host pass this system's); read at start, before the settings are applied, then
   * followed. None: no policy.
   */
  readonly policy?: PolicySource;
  /** The settings file's library (the app: electron-store); conf by default. */
  readonly settingsFile?: (dataDir: string) => SettingsFile;
  /** Why sign-in uses the loopback redirect on this install, for Settings (see redirect-choice). */
  readonly redirectNote?: Words | undefined;
  /**
   * `always` (the app): the queue runs whenever it has work. `on-request` (a command line that
   * owns the data folder): only while a `queue:sync` call waits.
   */
  readonly runQueue?: 'always' | 'on-request';
  /**
   * Which program runs the core: `app` (the desktop app, or the bridge host of the end-to-end
   * tests; the default) or `command-line`. Only the app watches the saved watched folders (see
   * `runsSavedWatchers`).
   */
  readonly program?: 'app' | 'command-line';
  /**
   * Where refreshes of a sign-in are locked across processes (default: `locks/` in the default
   * data folder, so processes on different data folders see each other).
   */
  readonly locksDir?: string;
  /**
   * The system's proxy for a URL (the app: Electron's `resolveProxy`, PAC files included).
   * Without one, `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` decide, as for curl.
   */
  readonly proxyResolver?: ProxyResolver;
  /** Other worker entries (the bundled app ships them as JavaScript beside main). */
  readonly media?: { readonly workerEntry?: URL; readonly crawlerEntry?: URL };
  /**
   * The operating system's preferred languages, in order (the app: Electron's
   * `getPreferredSystemLanguages`; see `systemLanguages`). None: English.
   */
  readonly systemLanguages?: () => readonly string[];
  /** Whether `en-XA` among the system's languages shows the pseudo-locale (not in a packaged app). */
  readonly pseudoLocale?: boolean;
  /**
   * Puts a file in the system's trash after upload (issue 26 §3; the app: Electron's
   * `shell.trashItem`). Default: the `trash` library (freedesktop trash, Recycle Bin, Trash).
   */
  readonly trash?: TrashPort;
};
