import { homedir } from 'node:os';
import { app } from 'electron';
import type { AppCore } from '../core/app-core';
import { applyAutostartFile, loginItemPlan } from '../desktop/login-item';
import type { Logger } from '../logging/logger';
import { startAtLoginWanted } from '../settings/start-at-login';

/**
 * Keeps the app's start at login as the settings want it (desktop/login-item decides how, on
 * each system): at start, and each time the settings or the watched folders change. Returns the
 * function that stops following them.
 */
export function keepLoginItem(core: AppCore, logger: Logger): () => void {
  let applied: boolean | undefined;
  const apply = () => {
    const wanted = startAtLoginWanted(core.settings.get());
    if (wanted === applied) return;
    applied = wanted;
    const plan = loginItemPlan(wanted, {
      platform: process.platform,
      packaged: app.isPackaged,
      execPath: process.execPath,
      env: process.env,
      home: homedir(),
    });
    if (plan.kind === 'electron') {
      const { args, ...settings } = plan.settings;
      app.setLoginItemSettings({ ...settings, ...(args ? { args: [...args] } : {}) });
    } else if (plan.kind === 'autostart-file')
      applyAutostartFile(plan).catch((error: unknown) =>
        logger.warn('the start-at-login entry could not be changed', { error: String(error) }),
      );
    logger.info('start at login', { wanted, how: plan.kind });
  };
  apply();
  const stopWatching = core.onEvent((event) => {
    if (event === 'watch:changed') apply();
  });
  const stopSettings = core.onSettingsChange(apply);
  return () => {
    stopWatching();
    stopSettings();
  };
}
