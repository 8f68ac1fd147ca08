import type { Logger, Redactor } from '../logging/logger';
import type { FileLock } from '../ownership/file-lock';
import { type Ownership, serveAsOwner, takeOwnership } from '../ownership/open-data-folder';
import type { SecretStore } from '../secrets/secret-store';
import { AppCore, type AppCoreOptions } from '../core/app-core';
import type { StartupSteps } from './desktop-startup';
import { seedSettingsFromEnv } from '../core/seed-settings';

/** What the desktop app's start makes once the platform is ready, shared by the later steps. */
export type DesktopContext = {
  readonly logger: Logger;
  readonly secrets: SecretStore;
  readonly redactor: Redactor;
  /** The core to start; its `dataDir` is the folder this process comes to own. */
  readonly coreOptions: AppCoreOptions;
};

/**
 * The steps of the desktop app's start that make it the owner of its data folder, as the app
 * runs them: take the lock (waiting for a command-line owner), seed the settings, start the core
 * and serve the command line. The composition root adds the platform's `ready` and the shell;
 * `startDesktopApp` runs them all.
 */
export function ownerSteps(options: {
  readonly env: NodeJS.ProcessEnv;
  /** How long to wait for a command-line process that owns the folder. */
  readonly waitMs: number;
  /** Called once when the folder is owned by another process and the app starts waiting. */
  readonly onWaiting: (context: DesktopContext) => void;
}): Omit<StartupSteps<DesktopContext, FileLock, Ownership>, 'ready' | 'openShell'> {
  return {
    takeOwnership: (context) =>
      takeOwnership(context.coreOptions.dataDir, {
        timeoutMs: options.waitMs,
        onWaiting: () => options.onWaiting(context),
      }),
    seedSettings: async ({ coreOptions, secrets, redactor, logger }) => {
      // Seeded only by the owner: nothing else writes the folder's settings.
      await seedSettingsFromEnv(options.env, {
        dataDir: coreOptions.dataDir,
        secrets,
        redactor,
        logger,
      });
    },
    serveAsOwner: (context, lock) =>
      serveAsOwner({
        dataDir: context.coreOptions.dataDir,
        lock,
        logger: context.logger,
        env: options.env,
        startCore: () => AppCore.start(context.coreOptions),
      }),
    releaseLock: (lock) => lock.release(),
    // Nothing was shown yet: stop the queue at once rather than waiting for attached commands.
    closeOwner: (ownership) => ownership.close({ now: true }),
  };
}
