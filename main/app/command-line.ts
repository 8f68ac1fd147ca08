import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app } from 'electron';
import { runCommandLineProcess } from '../cli/command-line-process';
import { envForApp } from '../core/seed-settings';

/**
 * The installed app started with a command (see desktop/launch-mode): no window, no tray, no
 * Dock icon, no single-instance lock; the command runs as `npm run cli` does (the same default
 * data folder; attached to the app when it runs) and the process exits with its code.
 * Chromium's own files (Local State, caches) go to a folder of this run, removed at its end: by
 * default they would go where the running app keeps its own, and both would write them at once.
 */
export function runAsCommandLine(args: readonly string[]): void {
  const scratch = mkdtempSync(join(tmpdir(), 'photo-uploader-command-'));
  app.setPath('userData', scratch);
  app.dock?.hide();
  void runCommandLineProcess(args, envForApp(process.env, app.isPackaged), (code) => {
    try {
      rmSync(scratch, { recursive: true, force: true });
    } catch {
      // A file Chromium still holds (Windows): the system's temporary folder is cleaned anyway.
    }
    app.exit(code);
  });
}
