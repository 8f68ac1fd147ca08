import { describe, expect, it } from 'vitest';
import { openDialogChoice } from '../../../../main/desktop/open-dialog-choice';
import { createTranslator } from '../../../../shared/i18n/translator';

const en = createTranslator('en').t;

describe('openDialogChoice', () => {
  it('offers one setup file, filtered to .photouploader', () => {
    expect(openDialogChoice('setup-file', en)).toEqual({
      title: 'Open a setup file',
      properties: ['openFile'],
      filters: [{ name: 'Photo Uploader setup', extensions: ['photouploader'] }],
    });
  });

  it('offers many photos or folders', () => {
    expect(openDialogChoice('files', en).properties).toEqual(['openFile', 'multiSelections']);
    expect(openDialogChoice('folder', en).properties).toEqual(['openDirectory', 'multiSelections']);
  });

  it('offers one folder to move photos to, which the dialog may create', () => {
    expect(openDialogChoice('move-folder', en)).toEqual({
      title: 'Choose the folder to move the photos to',
      properties: ['openDirectory', 'createDirectory'],
    });
  });
});
