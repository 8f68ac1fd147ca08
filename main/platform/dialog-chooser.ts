import { type BrowserWindow, dialog } from 'electron';
import type { Translate } from '../../shared/i18n/translator';
import type { ChooserKind, PathChooser } from '../core/app-core-options';
import { openDialogChoice } from '../desktop/open-dialog-choice';

/**
 * The operating system's open dialog: "Choose files…", "Choose folder…", "Open a setup file…", the
 * folder to move photos to, in the language `words` gives at the time.
 */
export class DialogChooser implements PathChooser {
  constructor(
    private readonly window: () => BrowserWindow | undefined,
    private readonly words: () => Translate,
  ) {}

  async choose(kind: ChooserKind): Promise<string[]> {
    const options: Electron.OpenDialogOptions = openDialogChoice(kind, this.words());
    const window = this.window();
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? [] : result.filePaths;
  }
}
