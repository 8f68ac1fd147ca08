import { app } from 'electron';
import { runCommandLineProcess } from '../cli/command-line-process';
import { envForApp } from '../core/seed-settings';

/**
 * The installed app started with a command (see desktop/launch-mode): no window, no tray, no
 * Dock icon, no single-instance lock; the command runs as `npm run cli` does (the same default
 * data folder; attached to the app when it runs) and the process exits with its code.
 */
export function runAsCommandLine(args: readonly string[]): void {
  app.dock?.hide();
  void runCommandLineProcess(args, envForApp(process.env, app.isPackaged), (code) =>
    app.exit(code),
  );
}
