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
});
