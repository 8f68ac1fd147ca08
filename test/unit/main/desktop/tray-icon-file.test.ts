import { describe, expect, it } from 'vitest';
import { trayIconFile } from '../../../../main/desktop/tray-icon-file';

describe('the tray icon file', () => {
  it('is the template image on macOS, whose menu bar tints it', () => {
    expect(trayIconFile('darwin')).toBe('trayTemplate.png');
    // Electron marks an image a template by its name: it must end with "Template".
    expect(trayIconFile('darwin').replace(/\.png$/, '')).toMatch(/Template$/);
  });

  it('is the coloured app icon on Windows and Linux', () => {
    expect(trayIconFile('win32')).toBe('tray.png');
    expect(trayIconFile('linux')).toBe('tray.png');
  });
});
