import electronUpdater, { type AppUpdater } from 'electron-updater';
import type { Updater, UpdateController } from './update-controller';
import type { UpdatePlan } from './update-plan';
import { updateFailure } from './update-state';

/** The plan of a run that looks for updates. */
export type CheckingPlan = Extract<UpdatePlan, { kind: 'check' }>;

/**
 * Sets electron-updater's `updater` up as `plan` says and feeds its events to `controller`;
 * returns what the controller asks of it. No Electron here: the app passes `autoUpdater`, the
 * local-feed tests an updater of their own on the same code (test/integration/updates).
 */
export function setUpUpdater(
  updater: AppUpdater,
  plan: CheckingPlan,
  controller: Pick<UpdateController, 'handle'>,
): Updater {
  if (plan.feed.provider === 'generic')
    updater.setFeedURL({ provider: 'generic', url: plan.feed.url, channel: plan.feed.channel });
  // The beta channel: on GitHub, the newest pre-release (its `latest*.yml`, which is all a GitHub
  // release holds); on an organisation's generic feed, its `beta*.yml` (README, Releases and
  // updates). Setting a channel lets electron-updater go down a version: allowDowngrade stops it.
  if (plan.channel === 'beta') updater.channel = 'beta';
  updater.allowPrerelease = plan.allowPrerelease;
  updater.allowDowngrade = false;
  updater.autoDownload = plan.autoDownload;
  updater.autoInstallOnAppQuit = plan.autoInstallOnAppQuit;
  const { installs, autoDownload: downloading } = plan;
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
  // A download the look started fails here only (electron-updater logs it); the controller logs
  // the failures of the steps it starts itself.
  updater.on('error', (error) =>
    controller.handle({ type: 'error', failure: updateFailure(error) }),
  );
  return {
    check: async () => {
      const result = await updater.checkForUpdates();
      // A download the look started fails through the `error` event above; its promise too.
      result?.downloadPromise?.catch(() => undefined);
      return result;
    },
    download: () => updater.downloadUpdate(),
    // Silently, and the app runs again once installed.
    quitAndInstall: () => updater.quitAndInstall(true, true),
    installOnQuit: () => {
      // Squirrel.Mac (MacUpdater) installs a downloaded update itself when the app ends.
      if (updater instanceof electronUpdater.BaseUpdater) updater.install(true, false);
    },
  };
}
