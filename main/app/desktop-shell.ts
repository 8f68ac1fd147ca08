import { join } from 'node:path';
import { app, type BrowserWindow, dialog, Notification, screen, shell } from 'electron';
import { PRODUCT_NAME } from '../../shared/domain/app-identity';
import { createTranslator, type Translate } from '../../shared/i18n/translator';
import type { QueueChangeView } from '../../shared/ipc/views';
import type { AppCore } from '../core/app-core';
import { diagnosticsFileName } from '../diagnostics/write-diagnostics';
import { appMenu, type MenuCommand } from '../desktop/app-menu';
import {
  afterLastWindowClosed,
  choiceToRemember,
  QUIT_WAIT_MS,
  quitDecision,
  quitQuestion,
  stillUploadingNotice,
  withTimeLimit,
} from '../desktop/quit-rules';
import { opensWindowAtStart } from '../desktop/login-item';
import { trayIconFile } from '../desktop/tray-icon-file';
import { trayMenu, trayTooltip } from '../desktop/tray-menu';
import type { WindowFrontEnd } from '../desktop/window-front-end';
import { restoredPlace } from '../desktop/window-place';
import { registerIpc } from '../ipc/register-ipc';
import type { Logger } from '../logging/logger';
import type { Ownership } from '../ownership/open-data-folder';
import { createTrayIcon } from '../platform/tray-icon';
import { installAppMenu } from './app-menu';
import { installShellCommand } from './shell-command';
import { createMainWindow } from './window';

/** What the shell needs from the composition root. */
export type ShellParts = {
  readonly core: AppCore;
  readonly ownership: Ownership;
  readonly frontEnd: WindowFrontEnd;
  readonly logger: Logger;
  readonly preloadPath: string;
  readonly trayIconPath: string;
  readonly logsDir: string;
  /** Writes the diagnostics archive to `file` (Help › Save diagnostics…). */
  readonly saveDiagnostics: (file: string) => Promise<void>;
  /** Started at login with `--hidden` (see desktop/launch-mode): the app starts in the tray. */
  readonly startHidden: boolean;
  /** Called once the app has decided to quit, before the core shuts down. */
  readonly beforeShutdown: () => void;
  /**
   * Called once the core has shut down (or the wait for it ended), just before the process
   * exits: an update installed on quit starts its installer here, never under a running core.
   */
  readonly afterShutdown?: () => void;
  /** Help › About (default: the system's About panel). */
  readonly about?: (words: Translate) => void;
  /** The app quits to install an update (issue 25 §3): it quits without asking. */
  readonly restartingToUpdate?: () => boolean;
};

/**
 * The desktop shell around the core: the window (its remembered place, recreated on macOS
 * `activate`), the app menu, the tray icon while the app runs, and quitting (asks when uploads
 * are pending, waits at most 10 s for the steps in flight), all in the app's language (built again
 * when it changes). Every decision is a plain function in `main/core/`; this file only wires
 * Electron to them.
 */
export function startDesktopShell(parts: ShellParts): {
  /** Shows the window, making it again if it was closed (a second launch, the tray). */
  readonly openWindow: () => void;
  /** The window, while there is one (dialogs attach to it). */
  readonly currentWindow: () => BrowserWindow | undefined;
} {
  const { core, logger } = parts;
  // The window's own handlers: what the menu and tray do is what the window could ask for.
  const handlers = core.handlersFor(parts.frontEnd);
  let window: BrowserWindow | undefined;
  let unregister: (() => void) | undefined;
  let toldAboutBackground = false;
  let quitting = false;
  // Main's words: the menus, the tray, the dialogs and the notices, in the language of now.
  let words = createTranslator(core.locale()).t;

  const openWindow = () => {
    if (window !== undefined && !window.isDestroyed()) {
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
      return;
    }
    unregister?.();
    const place = restoredPlace(
      core.settings.get().window,
      screen.getAllDisplays().map((display) => display.workArea),
    );
    const created = createMainWindow(parts.preloadPath, place, () => words);
    window = created;
    unregister = registerIpc(core, created, parts.frontEnd, logger.child('ipc'));
    const remember = () => {
      if (created.isDestroyed()) return;
      const bounds = created.getNormalBounds();
      core.settings.update({ window: { ...bounds, maximized: created.isMaximized() } });
    };
    created.on('close', remember);
    created.on('closed', () => {
      unregister?.();
      unregister = undefined;
      window = undefined;
    });
  };

  const choose = (kind: 'files' | 'folder') => {
    openWindow();
    void core
      .settingsView()
      .then((settings) => handlers['intake:choose']({ kind, assumedZone: settings.assumedZone }))
      .catch((error: unknown) => logger.error('adding photos from the menu failed', { error }));
  };
  const commands: Record<MenuCommand, () => void> = {
    'add-photos': () => choose('files'),
    'add-folder': () => choose('folder'),
    quit: () => app.quit(),
    'open-logs': () => void shell.openPath(parts.logsDir),
    'save-diagnostics': () =>
      void dialog
        .showSaveDialog({
          title: words('dialog.diagnostics.save'),
          defaultPath: diagnosticsFileName(new Date()),
        })
        .then(async (answer) => {
          if (answer.canceled || answer.filePath === undefined) return;
          await parts.saveDiagnostics(answer.filePath);
        })
        .catch((error: unknown) => {
          logger.error('saving diagnostics failed', { error });
          dialog.showErrorBox(words('dialog.diagnostics.notSaved'), String(error));
        }),
    about: () => (parts.about === undefined ? app.showAboutPanel() : parts.about(words)),
    'install-command': () => void installShellCommand(words, logger),
  };
  const showMenu = () =>
    installAppMenu(
      appMenu({ platform: process.platform, packaged: app.isPackaged }, words),
      (command) => commands[command](),
    );
  showMenu();

  const tray = createTrayIcon(parts.trayIconPath, (id) => {
    if (id === 'open') openWindow();
    else if (id === 'quit') app.quit();
    else void handlers[id === 'pause-all' ? 'queue:pause' : 'queue:resume']({});
  });
  const showStatus = (status: Pick<QueueChangeView, 'progress' | 'condition' | 'pausedAll'>) =>
    tray.update(
      trayMenu(status.progress, status.condition, words, status.pausedAll),
      trayTooltip(status.progress, status.condition, words),
    );
  showStatus(core.queueStatus());
  const stopQueue = core.onEvent((event, payload) => {
    if (event === 'queue:changed') showStatus(payload as QueueChangeView);
  });
  // A new language (Settings, a setup file, the policy): the menu and the tray in its words.
  const stopLocale = core.onLocaleChange((locale) => {
    words = createTranslator(locale).t;
    showMenu();
    showStatus(core.queueStatus());
  });
  const stopTray = () => {
    stopQueue();
    stopLocale();
  };

  app.on('window-all-closed', () => {
    if (quitting) return;
    if (afterLastWindowClosed(process.platform, core.pendingUploads()) === 'quit') {
      app.quit();
      return;
    }
    if (!toldAboutBackground && Notification.isSupported()) {
      toldAboutBackground = true;
      new Notification(stillUploadingNotice(words)).show();
    }
  });
  // macOS: the Dock icon opens the window again after it was closed.
  app.on('activate', openWindow);

  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    void decideQuit().then((choice) => {
      if (choice === 'cancel') return;
      if (choice === 'keep-uploading') {
        window?.close();
        return;
      }
      quitting = true;
      stopTray();
      tray.destroy();
      unregister?.();
      parts.beforeShutdown();
      // The journal makes a cut-short shutdown safe: at most 10 s, then quit anyway.
      void withTimeLimit(parts.ownership.close({ now: true }), QUIT_WAIT_MS)
        .then((outcome) => {
          if (outcome === 'timed-out') logger.warn('quit without waiting for the steps in flight');
        })
        .catch((error: unknown) => logger.error('shutdown failed', { error }))
        .finally(() => {
          parts.afterShutdown?.();
          app.exit(0);
        });
    });
  });

  const decideQuit = async () => {
    // A restart to update waited for the uploads under way; the journal keeps the rest.
    if (parts.restartingToUpdate?.() === true) return 'quit';
    const decision = quitDecision(core.pendingUploads(), core.settings.get().quitWithPending);
    if (decision !== 'ask') return decision;
    const question = quitQuestion(core.pendingUploads(), words);
    const options = {
      type: 'question' as const,
      title: question.title,
      message: question.message,
      detail: question.detail,
      buttons: [...question.buttons],
      cancelId: question.cancelIndex,
      defaultId: question.cancelIndex,
      checkboxLabel: question.checkboxLabel,
      noLink: true,
    };
    const answer =
      window && !window.isDestroyed()
        ? await dialog.showMessageBox(window, options)
        : await dialog.showMessageBox(options);
    const choice = question.choices[answer.response] ?? 'cancel';
    const remembered = choiceToRemember(choice, answer.checkboxChecked);
    if (remembered !== undefined) core.settings.update({ quitWithPending: remembered });
    return choice;
  };

  app.setAboutPanelOptions({ applicationName: PRODUCT_NAME, applicationVersion: app.getVersion() });
  // Started at login, the app waits in the tray (macOS gives login items no arguments: it says).
  const openedAtLogin =
    process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin;
  if (opensWindowAtStart({ hidden: parts.startHidden, openedAtLogin })) openWindow();
  return { openWindow, currentWindow: () => window };
}

/** Where this platform's tray icon is in the built app (copied there by the bundler). */
export const trayIconIn = (appDir: string) => join(appDir, 'icons', trayIconFile(process.platform));
