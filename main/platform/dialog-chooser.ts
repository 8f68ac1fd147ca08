import { type BrowserWindow, dialog } from 'electron';
import type { PathChooser } from '../core/app-core-options';

/** The operating system's open dialog, for "Choose files…" and "Choose folder…". */
export class DialogChooser implements PathChooser {
  constructor(private readonly window: () => BrowserWindow | undefined) {}

  async choose(kind: 'files' | 'folder'): Promise<string[]> {
    const options: Electron.OpenDialogOptions = {
      title: kind === 'folder' ? 'Choose folders of photos' : 'Choose photos',
      properties:
        kind === 'folder' ? ['openDirectory', 'multiSelections'] : ['openFile', 'multiSelections'],
      ...(kind === 'files'
        ? {
            filters: [
              {
                name: 'Photos',
                extensions: ['jpg', 'jpeg', 'png', 'heic', 'heif', 'tif', 'tiff', 'webp'],
              },
              { name: 'All files', extensions: ['*'] },
            ],
          }
        : {}),
    };
    const window = this.window();
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? [] : result.filePaths;
  }
}
