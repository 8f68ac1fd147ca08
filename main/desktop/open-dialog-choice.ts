import type { Translate } from '../../shared/i18n/translator';
import type { ChooserKind } from '../core/app-core-options';

/** What the open dialog offers, as Electron's `OpenDialogOptions` take it (plain data). */
export type OpenDialogChoice = {
  readonly title: string;
  readonly properties: ('openFile' | 'openDirectory' | 'multiSelections' | 'createDirectory')[];
  readonly filters?: { name: string; extensions: string[] }[];
};

/**
 * The open dialog for each thing the user chooses (photos, folders of photos, a setup file, the
 * folder to move photos to), in the words of `t`.
 */
export function openDialogChoice(kind: ChooserKind, t: Translate): OpenDialogChoice {
  switch (kind) {
    case 'folder':
      return {
        title: t('dialog.open.folders'),
        properties: ['openDirectory', 'multiSelections'],
      };
    case 'move-folder':
      // One folder: a batch's photos all move to one place, so the dialog takes no second one;
      // and the destination is often new, so the dialog may make it (macOS asks for that).
      return {
        title: t('dialog.open.moveFolder'),
        properties: ['openDirectory', 'createDirectory'],
      };
    case 'files':
      return {
        title: t('dialog.open.photos'),
        properties: ['openFile', 'multiSelections'],
        filters: [
          {
            name: t('dialog.open.photosFilter'),
            extensions: ['jpg', 'jpeg', 'png', 'heic', 'heif', 'tif', 'tiff', 'webp'],
          },
          { name: t('dialog.open.allFiles'), extensions: ['*'] },
        ],
      };
    case 'setup-file':
      // One file: a setup file sets everything it names, so two would overwrite each other.
      return {
        title: t('dialog.open.setupFile'),
        properties: ['openFile'],
        filters: [{ name: t('dialog.open.setupFilter'), extensions: ['photouploader'] }],
      };
  }
}
