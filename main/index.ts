import { systemLanguages } from './core/system-languages';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow, dialog } from 'electron';
import { APP_ID, DEFAULT_REDIRECT_SCHEME } from '../shared/domain/app-identity';
import type { Locales } from '../shared/i18n/locales';
import { createTranslator } from '../shared/i18n/translator';
import { englishFor } from '../shared/i18n/words';
import { mapTileImageSources } from './desktop/content-security-policy';
import { registerAppSchemes, serveRenderer, serveThumbnails } from './app/app-protocol';
import { routeDeepLinks } from './app/deep-links';
import { runAsCommandLine } from './app/command-line';
import { keepLoginItem } from './app/login-item';
import { launchMode } from './desktop/launch-mode';
import { openSetupFromSystem, routeSetupFiles } from './app/setup-files';
import { startDesktopShell, trayIconIn } from './app/desktop-shell';
import { startUpdates } from './app/updates';
import { denyPermissions, hardenWebContents } from './app/window';
import type { AppCoreOptions } from './core/app-core';
import { type AllowedLinks, allowedLinks } from './core/navigation-rules';
import { desktopDataFolder } from './desktop/desktop-data-folder';
import { startDesktopApp } from './desktop/desktop-startup';
import { type DesktopContext, ownerSteps } from './desktop/owner-steps';
import { envForApp } from './core/seed-settings';
import { startupLocale, waitingForOwner } from './desktop/startup-words';
import { WindowFrontEnd } from './desktop/window-front-end';
import { createLogger, jsonLineSink, type LogSink, Redactor, silentLogger } from './logging/logger';
import { rotatingFileSink } from './logging/rotating-file-sink';
import { askInNativeDialog } from './platform/confirm-dialog';
import { notifyBatchChanges } from './platform/desktop-notifications';
import { DialogChooser } from './platform/dialog-chooser';
import { ElectronSystemBrowser } from './platform/electron-browser';
import { electronProxyResolver } from './platform/electron-proxy';
import { electronSettingsFile } from './platform/electron-settings-file';
import { electronTrash } from './platform/electron-trash';
import { watchPowerAndNetwork } from './platform/power-and-network';
import { FallbackSecretStore } from './secrets/fallback-secret-store';
import { systemPolicySource } from './settings/open-policy-source';
import { SettingsStore } from './settings/settings-store';
import { KeytarSecretStore } from './secrets/keytar-secret-store';

// The composition root of the desktop app: Electron's events wired into the core, which is built
// once. Everything with logic lives in the core and runs (and is tested) without Electron.

/** A packaged app ignores the test-only variables (data folder, seeded service, S3 keys). */
const env = envForApp(process.env, app.isPackaged);
const here = dirname(fileURLToPath(import.meta.url));
/** How long the app waits for a command-line process that owns the data folder to finish. */
const OWNERSHIP_WAIT_MS = 30 * 60_000;

// Started with a command (`photo-uploader status`), this process is the command line: decided
// before the single-instance lock and before anything of the app is made.
const launch = launchMode({
  argv: process.argv,
  defaultApp: process.defaultApp === true,
  platform: process.platform,
});
if (launch.kind === 'app') {
  registerAppSchemes();
  // The data folder the command line also uses by default (set before the single-instance lock,
  // which Electron keys by it), made first: setPath throws for a folder that does not exist.
  app.setPath('userData', desktopDataFolder({ platform: process.platform, env, home: homedir() }));
}

if (launch.kind === 'cli') runAsCommandLine(launch.args);
else if (!app.requestSingleInstanceLock()) {
  // Another instance runs: it receives our argv (a sign-in link) through `second-instance`.
  app.quit();
} else {
  let shell: { openWindow(): void } | undefined;
  let window: (() => BrowserWindow | undefined) | undefined;
  let shuttingDown = false;
  // A second launch shows the window; while the app shuts down it touches nothing.
  const focus = () => {
    if (!shuttingDown) shell?.openWindow();
  };
  // The app's own sign-in scheme only where the system registered it; else the loopback redirect.
  const links = routeDeepLinks(DEFAULT_REDIRECT_SCHEME, focus, {
    platform: process.platform,
    packaged: app.isPackaged,
    appImage: process.platform === 'linux' && Boolean(process.env.APPIMAGE),
  });
  // Setup files from IT, double-clicked (issue 23): opened once the core and the window are up.
  const setupFiles = routeSetupFiles(focus);
  // Links out of the window: the map's attribution, and the configured service's pages once the
  // core is up (its settings can change at any time); refusals are logged by host once it is.
  let linksAllowed: () => AllowedLinks = () => allowedLinks({});
  let linkRefused: (host: string) => void = () => undefined;
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, {
      allowed: () => linksAllowed(),
      refused: (host) => linkRefused(host),
    }),
  );
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID); // notifications, taskbar
  const languages = () =>
    systemLanguages({
      env,
      packaged: app.isPackaged,
      system: () => app.getPreferredSystemLanguages(),
    });
  // Main's own words: before the core runs, the saved choice or the system's; then the core's.
  let locale = (): Locales =>
    startupLocale({
      saved: () =>
        new SettingsStore(
          app.getPath('userData'),
          silentLogger,
          electronSettingsFile(app.getPath('userData')),
        ).userSettings().language,
      systemLanguages: languages,
      pseudo: !app.isPackaged,
    });
  const words = () => createTranslator(locale()).t;

  const steps = ownerSteps({
    env,
    waitMs: OWNERSHIP_WAIT_MS,
    onWaiting: ({ logger }) => {
      logger.warn('a command-line Photo Uploader uses this data folder; waiting for it to end');
      const waiting = waitingForOwner(words());
      void dialog.showMessageBox({
        type: 'info',
        title: waiting.title,
        message: waiting.title,
        detail: waiting.detail,
      });
    },
  });
  // One owner per data folder: a command-line `sync` that owns it now is waited for; from then on
  // the command line attaches to this process. A failed step ends in a dialog and exit code 1.
  void startDesktopApp(
    {
      ...steps,
      ready: async (): Promise<DesktopContext> => {
        await app.whenReady();
        const userData = app.getPath('userData');
        // Size-capped and rotated: main.log, main.1.log … (see rotating-file-sink).
        const logFile = rotatingFileSink({ dir: join(userData, 'logs'), name: 'main' });
        const toStderr = jsonLineSink(process.stderr);
        const sink: LogSink = (record) => {
          logFile(record);
          if (record.level === 'warn' || record.level === 'error') toStderr(record);
        };
        const redactor = new Redactor();
        const logger = createLogger({ sink, redactor, level: 'info', scope: 'main' });
        denyPermissions();
        linkRefused = (host) => logger.warn('a link out of the window was refused', { host });
        if (links.decision.kind === 'loopback')
          logger.info('sign-in uses the loopback redirect', {
            reason: englishFor(links.decision.reason),
          });
        const secrets = new FallbackSecretStore(new KeytarSecretStore(), logger.child('secrets'));
        const coreOptions: AppCoreOptions = {
          dataDir: userData,
          secrets,
          redactor,
          logger,
          settingsFile: electronSettingsFile,
          systemLanguages: languages,
          pseudoLocale: !app.isPackaged,
          // The organisation's (a packaged app never takes PHOTO_UPLOADER_POLICY_FILE).
          policy: systemPolicySource({
            platform: process.platform,
            env,
            packaged: app.isPackaged,
            logger: logger.child('policy'),
          }),
          customScheme:
            links.decision.kind === 'custom-scheme' ? DEFAULT_REDIRECT_SCHEME : undefined,
          redirectNote: links.decision.kind === 'loopback' ? links.decision.reason : undefined,
          proxyResolver: electronProxyResolver,
          browser: new ElectronSystemBrowser(),
          trash: electronTrash,
          chooser: new DialogChooser(() => window?.(), words),
          media: {
            workerEntry: new URL('./media-worker.js', import.meta.url),
            crawlerEntry: new URL('./crawl-worker.js', import.meta.url),
          },
        };
        return { logger, secrets, redactor, coreOptions };
      },
      openShell: ({ logger, coreOptions }, ownership) => {
        const core = ownership.core;
        locale = () => core.locale();
        linksAllowed = () => allowedLinks(core.settings.get());
        serveRenderer(join(here, '../renderer'), () => mapTileImageSources(core.settings.get()));
        serveThumbnails(core);
        // The window takes in only what the OS handed over, and asks in a native dialog before
        // tokens or photos go anywhere new.
        const frontEnd = new WindowFrontEnd(
          (question) => askInNativeDialog(window?.(), question),
          words,
        );
        const stopWatching = watchPowerAndNetwork(core);
        const stopNotifying = notifyBatchChanges(core);
        const updates = startUpdates(core, logger.child('updates'));
        const stopLoginItem = keepLoginItem(core, logger.child('login-item'));
        const started = startDesktopShell({
          core,
          ownership,
          frontEnd,
          logger,
          preloadPath: join(here, '../preload/index.cjs'),
          trayIconPath: trayIconIn(join(here, '..')),
          logsDir: join(coreOptions.dataDir, 'logs'),
          startHidden: launch.kind === 'app' && launch.hidden,
          saveDiagnostics: async (file) => {
            await core.saveDiagnostics(file);
          },
          beforeShutdown: () => {
            shuttingDown = true;
            stopWatching();
            stopNotifying();
            stopLoginItem();
          },
          // A downloaded update installs on quit once the core has let go of the data folder.
          afterShutdown: () => updates.quitting(),
          about: updates.showAbout,
          restartingToUpdate: updates.restarting,
        });
        shell = started;
        window = started.currentWindow;
        links.deliverTo((url) => void core.handleDeepLink(url));
        setupFiles.deliverTo(
          (path) =>
            void openSetupFromSystem(core, frontEnd, path, window?.(), (error) =>
              logger.error('a setup file could not be opened', {
                error: error instanceof Error ? error.name : typeof error,
              }),
            ),
        );
      },
    },
    {
      // Never a windowless process holding the single-instance lock: say why, and quit.
      log: (step, error, context) =>
        context?.logger.error('the app could not start', { step, error: String(error) }),
      tell: (failure) => dialog.showErrorBox(failure.title, failure.detail),
      words,
      exit: (code) => app.exit(code),
    },
  );
}
