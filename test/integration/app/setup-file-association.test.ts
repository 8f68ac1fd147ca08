import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { describe, expect, it } from 'vitest';
import { openDialogChoice } from '../../../main/desktop/open-dialog-choice';
import { SETUP_FILE_EXTENSION } from '../../../main/settings/setup-file';
import { createTranslator } from '../../../shared/i18n/translator';
import { ROOT } from '../../support/upload-harness';

describe('the setup file’s association (electron-builder.yml)', () => {
  it('opens .photouploader files with the app, named and typed, the extension the app knows', async () => {
    const config = await getConfig(ROOT, null, null);
    const associations = [config.fileAssociations ?? []].flat();
    const setup = associations.find((association) => association.ext === 'photouploader');
    expect(setup).toEqual({
      ext: 'photouploader',
      name: 'Photo Uploader setup',
      description: 'Photo Uploader setup file',
      role: 'Viewer',
      mimeType: 'application/x-photouploader-setup',
    });
    expect(SETUP_FILE_EXTENSION).toBe(`.${setup?.ext as string}`);
    expect(
      openDialogChoice('setup-file', createTranslator('en').t).filters?.[0]?.extensions,
    ).toEqual(['photouploader']);
  });
});
