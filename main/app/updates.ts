import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, dialog } from 'electron';
// electron-updater is CommonJS whose `autoUpdater` is a getter Node's ESM loader cannot name: the
// default import, as its documentation says for ESM.
import electronUpdater from 'electron-updater';
import type { Translate } from '../../shared/i18n/translator';
import type { AppCore } from '../core/app-core';
import type { Logger } from '../logging/logger';
import { UPDATE_CHECK_INTERVAL_MS } from '../desktop/updates/check-schedule';
import { UpdateController } from '../desktop/updates/update-controller';
import { installKind, updatePlan } from '../desktop/updates/update-plan';
import { updateFailure } from '../desktop/updates/update-state';
import { aboutWords } from '../desktop/updates/update-words';

// The app's updates (issue 25 §3): electron-updater's `autoUpdater` set up as the plan says, its
// events fed to the controller, which decides everything (main/desktop/updates/).

/** The contents of `resources/package-type` (a deb's, rpm's or pacman's), if any. */
function packageType(): string | undefined {
  const file = join(process.resourcesPath, 'package-type');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * Starts the app's updates for `core`: the plan from its settings (read once: a policy that
 * changes them applies at the next start), a look now and every 6 hours. Returns what Help ›
 * About and the shutdown need.
 */
export function startUpdates(
  core: AppCore,
  logger: Logger,
): {
  readonly showAbout: (t: Translate) => void;
  readonly quitting: () => void;
  readonly restarting: () => boolean;
} {
  const plan = updatePlan(core.settings.get(), {
    packaged: app.isPackaged,
    install: installKind({
      platform: process.platform,
      appImage: process.env.APPIMAGE,
      portableDir: process.env.PORTABLE_EXECUTABLE_DIR,
      packageType: app.isPackaged ? packageType() : undefined,
      hasFeedFile: app.isPackaged && existsSync(join(process.resourcesPath, 'app-update.yml')),
    }),
  });
  logger.info('updates', { plan: plan.kind === 'none' ? plan.reason : plan.mode });
  const updater = plan.kind === 'check' ? electronUpdater.autoUpdater : undefined;
  let changed: (view: ReturnType<UpdateController['view']>) => void = () => undefined;
  const controller = new UpdateController({
    plan,
    updater: updater && {
      check: () => updater.checkForUpdates(),
      download: () => updater.downloadUpdate(),
      quitAndInstall: () => updater.quitAndInstall(true, true),
      installOnQuit: () => {
        // Squirrel.Mac installs a downloaded update itself when the app ends.
        if (updater instanceof electronUpdater.BaseUpdater) updater.install(true, false);
      },
    },
    underway: () => core.uploadsUnderway(),
    now: () => Date.now(),
    changed: (view) => changed(view),
    failed: (step, error) =>
      logger.warn('an update step failed', {
        step,
        code: error instanceof Error && 'code' in error ? String(error.code) : undefined,
        error: String(error),
      }),
  });
  changed = core.useUpdates(controller);
  if (updater !== undefined && plan.kind === 'check') {
    updater.logger = {
      info: (message?: unknown) => logger.info('electron-updater', { message: String(message) }),
      warn: (message?: unknown) => logger.warn('electron-updater', { message: String(message) }),
      error: (message?: unknown) => logger.error('electron-updater', { message: String(message) }),
      debug: () => undefined,
    };
    if (plan.feed.provider === 'generic')
      updater.setFeedURL({ provider: 'generic', url: plan.feed.url, channel: plan.feed.channel });
    if (plan.channel === 'beta') updater.channel = 'beta';
    updater.allowPrerelease = plan.allowPrerelease;
    updater.allowDowngrade = false;
    updater.autoDownload = plan.autoDownload;
    updater.autoInstallOnAppQuit = plan.autoInstallOnAppQuit;
    const installs = plan.installs;
    const downloading = plan.autoDownload;
    updater.on('checking-for-update', () => controller.handle({ type: 'checking' }));
    updater.on('update-not-available', () => controller.handle({ type: 'not-available' }));
    updater.on('update-available', (info) =>
      controller.handle({ type: 'available', version: info.version, downloading, installs }),
    );
    updater.on('download-progress', (progress) =>
      controller.handle({ type: 'progress', percent: progress.percent }),
    );
    updater.on('update-downloaded', (info) =>
      controller.handle({ type: 'downloaded', version: info.version }),
    );
    // A download started by the look fails here only (electron-updater logs it); the controller
    // logs the failures of the steps it starts.
    updater.on('error', (error) =>
      controller.handle({ type: 'error', failure: updateFailure(error) }),
    );
    const stopQueue = core.onEvent((event) => {
      if (event === 'queue:changed') controller.queueChanged();
    });
    controller.tick();
    // Asked every hour, the look itself every 6: a computer that slept still looks soon after.
    const timer = setInterval(() => controller.tick(), UPDATE_CHECK_INTERVAL_MS / 6);
    timer.unref();
    app.once('will-quit', () => {
      clearInterval(timer);
      stopQueue();
    });
  }
  return {
    showAbout: (t) => {
      const said = aboutWords(app.getVersion(), controller.state, t);
      void dialog.showMessageBox({
        type: 'info',
        title: said.title,
        message: said.message,
        detail: said.detail,
      });
    },
    quitting: () => controller.quitting(),
    restarting: () => controller.state.kind === 'installing',
  };
}
