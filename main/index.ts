import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow } from 'electron';
import { DEFAULT_REDIRECT_SCHEME } from '../shared/domain/app-identity';
import { registerAppSchemes, serveRenderer, serveThumbnails } from './app/app-protocol';
import { routeDeepLinks } from './app/deep-links';
import { createMainWindow, denyPermissions, hardenWebContents } from './app/window';
import { AppCore } from './core/app-core';
import { DATA_DIR_ENV, envForApp, seedSettingsFromEnv } from './core/seed-settings';
import { WindowFrontEnd } from './core/window-front-end';
import { registerIpc } from './ipc/register-ipc';
import { createLogger, jsonLineSink, type LogSink, Redactor } from './logging/logger';
import { askInNativeDialog } from './platform/confirm-dialog';
import { notifyBatchChanges } from './platform/desktop-notifications';
import { DialogChooser } from './platform/dialog-chooser';
import { ElectronSystemBrowser } from './platform/electron-browser';
import { watchPowerAndNetwork } from './platform/power-and-network';
import { FallbackSecretStore } from './secrets/fallback-secret-store';
import { KeytarSecretStore } from './secrets/keytar-secret-store';

// The composition root of the desktop app: Electron's events wired into the core, which is built
// once. Everything with logic lives in the core and runs (and is tested) without Electron.

/** A packaged app ignores the test-only variables (data folder, seeded service, S3 keys). */
const env = envForApp(process.env, app.isPackaged);
const here = dirname(fileURLToPath(import.meta.url));

registerAppSchemes();

if (!app.requestSingleInstanceLock()) {
  // Another instance runs: it receives our argv (a sign-in link) through `second-instance`.
  app.quit();
} else {
  const dataDir = env[DATA_DIR_ENV];
  if (dataDir) app.setPath('userData', dataDir);
  let window: BrowserWindow | undefined;
  const focus = () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  };
  const deliverLinksTo = routeDeepLinks(DEFAULT_REDIRECT_SCHEME, focus);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('window-all-closed', () => app.quit());

  void app.whenReady().then(async () => {
    const userData = app.getPath('userData');
    mkdirSync(join(userData, 'logs'), { recursive: true });
    const logFile = jsonLineSink(
      createWriteStream(join(userData, 'logs/main.log'), { flags: 'a' }),
    );
    const toStderr = jsonLineSink(process.stderr);
    const sink: LogSink = (record) => {
      logFile(record);
      if (record.level === 'warn' || record.level === 'error') toStderr(record);
    };
    const redactor = new Redactor();
    const logger = createLogger({ sink, redactor, level: 'info', scope: 'main' });
    denyPermissions();
    const secrets = new FallbackSecretStore(new KeytarSecretStore(), logger.child('secrets'));
    await seedSettingsFromEnv(env, { dataDir: userData, secrets, redactor, logger });
    const core = await AppCore.start({
      dataDir: userData,
      secrets,
      redactor,
      logger,
      customScheme: DEFAULT_REDIRECT_SCHEME,
      browser: new ElectronSystemBrowser(),
      chooser: new DialogChooser(() => window),
      media: {
        workerEntry: new URL('./media-worker.js', import.meta.url),
        crawlerEntry: new URL('./crawl-worker.js', import.meta.url),
      },
    });
    serveRenderer(join(here, '../renderer'), () => core.imageOrigins());
    serveThumbnails((md5) => core.thumbnail(md5));
    window = createMainWindow(join(here, '../preload/index.cjs'));
    // The window takes in only what the OS handed over, and asks in a native dialog before
    // tokens or photos go anywhere new.
    const frontEnd = new WindowFrontEnd((question) => askInNativeDialog(window, question));
    const unregister = registerIpc(core, window, frontEnd, logger.child('ipc'));
    deliverLinksTo((url) => void core.handleDeepLink(url));
    const stopWatching = watchPowerAndNetwork(core);
    const stopNotifying = notifyBatchChanges(core);

    // Quitting waits until the steps in flight are journaled; nothing is lost either way.
    let quitting = false;
    app.on('before-quit', (event) => {
      if (quitting) return;
      quitting = true;
      event.preventDefault();
      stopWatching();
      stopNotifying();
      unregister();
      void core
        .shutdown()
        .catch((error: unknown) => logger.error('shutdown failed', { error }))
        .finally(() => app.quit());
    });
  });
}
