import { describe, expect, it } from 'vitest';
import { openDialogChoice } from '../../../../main/core/open-dialog-choice';

describe('openDialogChoice', () => {
  it('offers one setup file, filtered to .photouploader', () => {
    expect(openDialogChoice('setup-file')).toEqual({
      title: 'Open a setup file',
      properties: ['openFile'],
      filters: [{ name: 'Photo Uploader setup', extensions: ['photouploader'] }],
    });
  });

  it('offers many photos or folders', () => {
    expect(openDialogChoice('files').properties).toEqual(['openFile', 'multiSelections']);
    expect(openDialogChoice('folder').properties).toEqual(['openDirectory', 'multiSelections']);
  });
});
