import { BrowserWindow, Menu, type MenuItemConstructorOptions, type WebContents } from 'electron';
import type { Translate } from '../../shared/i18n/translator';
import { type ContextMenuEntry, contextMenuTemplate } from '../desktop/context-menu';

/** One plain entry as Electron's menu item, acting on `contents`. */
function menuItem(entry: ContextMenuEntry, contents: WebContents): MenuItemConstructorOptions {
  switch (entry.kind) {
    case 'separator':
      return { type: 'separator' };
    case 'replace-misspelling':
      return { label: entry.label, click: () => contents.replaceMisspelling(entry.word) };
    case 'no-suggestions':
      return { label: entry.label, enabled: false };
    case 'add-to-dictionary':
      return {
        label: entry.label,
        click: () => contents.session.addWordToSpellCheckerDictionary(entry.word),
      };
    case 'edit':
      return { label: entry.label, role: entry.action, enabled: entry.enabled };
  }
}

/**
 * Right-click in the window: the menu `contextMenuTemplate` builds (spelling suggestions, Add to
 * Dictionary, Cut, Copy, Paste, Select All), shown where the click was, in the language `words`
 * gives then.
 */
export function showContextMenus(contents: WebContents, words: () => Translate): void {
  contents.on('context-menu', (_event, params) => {
    const entries = contextMenuTemplate(params, words());
    if (entries.length === 0) return;
    const window = BrowserWindow.fromWebContents(contents) ?? undefined;
    Menu.buildFromTemplate(entries.map((entry) => menuItem(entry, contents))).popup(
      window === undefined ? {} : { window },
    );
  });
}
