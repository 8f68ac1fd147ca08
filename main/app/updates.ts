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
import { setUpUpdater } from '../desktop/updates/updater-setup';
import type { UpdateView } from '../../shared/ipc/views';
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
  let changed: (view: UpdateView) => void = () => undefined;
  const controller = new UpdateController({
    plan,
    underway: () => core.uploadsUnderway(),
    now: () => Date.now(),
    changed: (view) => changed(view),
    failed: (step, error) =>
      logger.warn('an update step failed', {
        step,
        code:
          typeof error === 'object' && error !== null && 'code' in error
            ? String(error.code)
            : undefined,
        error: String(error),
      }),
  });
  changed = core.useUpdates(controller);
  if (plan.kind === 'check') {
    const autoUpdater = electronUpdater.autoUpdater;
    autoUpdater.logger = {
      info: (message?: unknown) => logger.info('electron-updater', { message: String(message) }),
      warn: (message?: unknown) => logger.warn('electron-updater', { message: String(message) }),
      error: (message?: unknown) => logger.error('electron-updater', { message: String(message) }),
      debug: () => undefined,
    };
    controller.attach(setUpUpdater(autoUpdater, plan, controller));
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
