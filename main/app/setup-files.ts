import { app, type BrowserWindow, dialog } from 'electron';
import { createTranslator } from '../../shared/i18n/translator';
import type { AppCore } from '../core/app-core';
import type { FrontEnd } from '../core/front-end';
import { setupFileRouter } from '../desktop/setup-file-routing';
import { setupOutcomeBox } from '../desktop/setup-outcome';

/**
 * Routes every way the operating system opens a setup file with the app (a double-click): macOS
 * `open-file`, a second launch's argv on Windows and Linux, and the first launch's own argv.
 * Registered before the app is ready (macOS sends `open-file` early); files wait until
 * `deliverTo` is called.
 */
export function routeSetupFiles(focus: () => void): {
  readonly deliverTo: (open: (path: string) => void) => void;
} {
  const router = setupFileRouter(focus);
  app.on('open-file', (event, path) => {
    if (router.openFile(path)) event.preventDefault();
  });
  app.on('second-instance', (_event, argv, workingDirectory) =>
    router.secondInstance(argv, workingDirectory),
  );
  router.firstLaunch(process.argv, process.cwd());
  return { deliverTo: router.deliverTo };
}

/**
 * Opens a setup file the operating system handed over, as the window's front end (the native
 * confirmation first), and tells the outcome in a message box, in the app's language.
 */
export async function openSetupFromSystem(
  core: AppCore,
  frontEnd: FrontEnd,
  path: string,
  window: BrowserWindow | undefined,
  log: (error: unknown) => void,
): Promise<void> {
  const box = await setupOutcomeBox(
    core.openSetupFile(path, frontEnd),
    createTranslator(core.locale()).t,
    log,
  );
  if (box === undefined) return;
  if (window) await dialog.showMessageBox(window, box);
  else await dialog.showMessageBox(box);
}
