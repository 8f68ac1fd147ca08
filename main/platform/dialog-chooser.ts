import { type BrowserWindow, dialog } from 'electron';
import type { PathChooser } from '../core/app-core-options';
import { openDialogChoice } from '../core/open-dialog-choice';

/** The operating system's open dialog: "Choose files…", "Choose folder…", "Open a setup file…". */
export class DialogChooser implements PathChooser {
  constructor(private readonly window: () => BrowserWindow | undefined) {}

  async choose(kind: 'files' | 'folder' | 'setup-file'): Promise<string[]> {
    const options: Electron.OpenDialogOptions = openDialogChoice(kind);
    const window = this.window();
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? [] : result.filePaths;
  }
}
