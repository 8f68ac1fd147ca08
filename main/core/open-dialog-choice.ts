/** What the open dialog offers, as Electron's `OpenDialogOptions` take it (plain data). */
export type OpenDialogChoice = {
  readonly title: string;
  readonly properties: ('openFile' | 'openDirectory' | 'multiSelections')[];
  readonly filters?: { name: string; extensions: string[] }[];
};

/** The open dialog for each thing the user chooses: photos, folders of photos, a setup file. */
export function openDialogChoice(kind: 'files' | 'folder' | 'setup-file'): OpenDialogChoice {
  switch (kind) {
    case 'folder':
      return {
        title: 'Choose folders of photos',
        properties: ['openDirectory', 'multiSelections'],
      };
    case 'files':
      return {
        title: 'Choose photos',
        properties: ['openFile', 'multiSelections'],
        filters: [
          {
            name: 'Photos',
            extensions: ['jpg', 'jpeg', 'png', 'heic', 'heif', 'tif', 'tiff', 'webp'],
          },
          { name: 'All files', extensions: ['*'] },
        ],
      };
    case 'setup-file':
      // One file: a setup file sets everything it names, so two would overwrite each other.
      return {
        title: 'Open a setup file',
        properties: ['openFile'],
        filters: [{ name: 'Photo Uploader setup', extensions: ['photouploader'] }],
      };
  }
}
