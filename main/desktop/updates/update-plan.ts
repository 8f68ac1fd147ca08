import {
  DEFAULT_UPDATE_CHANNEL,
  DEFAULT_UPDATE_MODE,
  type UpdateChannel,
  type UpdateMode,
} from '../../../shared/domain/update-settings';

/**
 * How this copy of the app was installed, as far as updating it goes. electron-updater updates an
 * AppImage by replacing its file, a Windows install by running the new NSIS installer, and a
 * macOS app through Squirrel.Mac from the zip; a deb (or rpm, pacman) only by running the system
 * package manager as administrator. A portable or unpacked run has nothing it could replace.
 */
export type InstallKind =
  'appimage' | 'system-package' | 'windows-installer' | 'windows-portable' | 'mac-app' | 'unpacked';

/** What tells the install kinds apart, read once at start by the Electron side. */
export type InstallFacts = {
  readonly platform: NodeJS.Platform;
  /** `APPIMAGE`: the AppImage runtime sets it to the image's path. */
  readonly appImage: string | undefined;
  /** `PORTABLE_EXECUTABLE_DIR`: electron-builder's portable Windows build sets it. */
  readonly portableDir: string | undefined;
  /** The text of `resources/package-type` (electron-builder writes `deb`, `rpm`, `pacman`). */
  readonly packageType: string | undefined;
  /** Whether `resources/app-update.yml` exists: electron-builder writes it for a published build. */
  readonly hasFeedFile: boolean;
};

/** How this copy was installed, from what the system says about it. */
export function installKind(facts: InstallFacts): InstallKind {
  const given = (value: string | undefined) => value !== undefined && value.trim() !== '';
  if (facts.platform === 'linux') {
    if (given(facts.appImage)) return 'appimage';
    return given(facts.packageType) ? 'system-package' : 'unpacked';
  }
  if (facts.platform === 'win32') {
    if (given(facts.portableDir)) return 'windows-portable';
    return facts.hasFeedFile ? 'windows-installer' : 'unpacked';
  }
  if (facts.platform === 'darwin') return facts.hasFeedFile ? 'mac-app' : 'unpacked';
  return 'unpacked';
}

/** The update settings, as saved (unset: the defaults). */
export type UpdateSettings = {
  readonly updates?: UpdateMode | undefined;
  readonly updateChannel?: UpdateChannel | undefined;
  readonly updateUrl?: string | undefined;
};

/** Where updates are looked for: the organisation's generic feed, or the one built in. */
export type UpdateFeed =
  | { readonly provider: 'generic'; readonly url: string; readonly channel: UpdateChannel }
  /** The GitHub releases feed electron-builder's `publish` wrote into `app-update.yml`. */
  | { readonly provider: 'built-in' };

/** Why a run never looks for updates. */
export type NoUpdatesReason = 'off' | 'development' | 'portable' | 'unpacked';

/** What electron-updater is set to do in this run, or why it is not used at all. */
export type UpdatePlan =
  | { readonly kind: 'none'; readonly reason: NoUpdatesReason }
  | {
      readonly kind: 'check';
      readonly mode: Exclude<UpdateMode, 'off'>;
      readonly feed: UpdateFeed;
      readonly channel: UpdateChannel;
      /** Pre-releases count as updates (the beta channel). */
      readonly allowPrerelease: boolean;
      /** Downloads as soon as one is found (`auto`), else only when the user asks. */
      readonly autoDownload: boolean;
      /** A downloaded update is installed when the app quits. */
      readonly autoInstallOnAppQuit: boolean;
      /**
       * Whether this app installs updates itself. Not from a deb, rpm or pacman package: there
       * electron-updater would run `pkexec dpkg -i` (an administrator's password asked for by a
       * background app at quit, failing where no polkit agent runs) over a package the system's
       * package manager (or IT) owns. There the app only tells that a new version exists.
       */
      readonly installs: boolean;
    };

/**
 * The update plan of one run: none in a development run, when the organisation turned updates
 * off, or in a portable or unpacked copy; otherwise the feed, channel and what happens on a find.
 */
export function updatePlan(
  settings: UpdateSettings,
  run: { readonly packaged: boolean; readonly install: InstallKind },
): UpdatePlan {
  const mode = settings.updates ?? DEFAULT_UPDATE_MODE;
  if (mode === 'off') return { kind: 'none', reason: 'off' };
  if (!run.packaged) return { kind: 'none', reason: 'development' };
  if (run.install === 'windows-portable') return { kind: 'none', reason: 'portable' };
  if (run.install === 'unpacked') return { kind: 'none', reason: 'unpacked' };
  const channel = settings.updateChannel ?? DEFAULT_UPDATE_CHANNEL;
  const installs = run.install !== 'system-package';
  return {
    kind: 'check',
    mode,
    feed:
      settings.updateUrl === undefined
        ? { provider: 'built-in' }
        : { provider: 'generic', url: settings.updateUrl, channel },
    channel,
    allowPrerelease: channel === 'beta',
    autoDownload: installs && mode === 'auto',
    autoInstallOnAppQuit: installs,
    installs,
  };
}
