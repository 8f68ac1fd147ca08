/**
 * The tray icon's file name in the built app's `icons` folder on `platform`. macOS: the
 * menu-bar template (black with alpha, 16 pt, `@2x` beside it), which the menu bar tints for
 * its light or dark look (Electron marks it a template by the `Template` ending of its name).
 * Windows and Linux: the coloured app icon, as their trays show colour.
 */
export function trayIconFile(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? 'trayTemplate.png' : 'tray.png';
}
