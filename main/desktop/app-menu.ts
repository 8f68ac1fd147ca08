import { PRODUCT_NAME } from '../../shared/domain/app-identity';
import type { MessageKey } from '../../shared/i18n/catalogs';
import type { Translate } from '../../shared/i18n/translator';

/** The commands of the app's own menu that main carries out. */
export type MenuCommand =
  | 'add-photos'
  | 'add-folder'
  | 'quit'
  | 'open-logs'
  | 'save-diagnostics'
  | 'about'
  /** macOS, packaged: link /usr/local/bin/photo-uploader to the app (see shell-command). */
  | 'install-command';

/** The Electron menu roles the app's menu uses (each is one of Electron's own). */
export type MenuRole =
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'reload'
  | 'toggleDevTools'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'close';

/** A menu item before Electron makes it one: a command of ours, or one of Electron's roles. */
export type MenuItemModel =
  | { readonly command: MenuCommand; readonly label: string; readonly accelerator?: string }
  | { readonly role: MenuRole; readonly label: string }
  | { readonly separator: true }
  | { readonly label: string; readonly submenu: readonly MenuItemModel[] };

/** The catalog key of each role's label: Electron's own labels are English only. */
const ROLE_LABELS = {
  undo: 'menu.edit.undo',
  redo: 'menu.edit.redo',
  cut: 'menu.edit.cut',
  copy: 'menu.edit.copy',
  paste: 'menu.edit.paste',
  selectAll: 'menu.edit.selectAll',
  resetZoom: 'menu.view.resetZoom',
  zoomIn: 'menu.view.zoomIn',
  zoomOut: 'menu.view.zoomOut',
  togglefullscreen: 'menu.view.fullScreen',
  reload: 'menu.view.reload',
  toggleDevTools: 'menu.view.devTools',
  hide: 'menu.app.hide',
  hideOthers: 'menu.app.hideOthers',
  unhide: 'menu.app.showAll',
  close: 'menu.file.close',
} as const satisfies Record<MenuRole, MessageKey>;

/**
 * The app's own menu instead of Electron's default, in the words of `t`: File (Add photos…, Add
 * folder…, Quit), Edit (the standard roles), View (no Developer Tools in packaged builds), Help
 * (Open logs folder, Save diagnostics…, About). macOS gets its app menu first, as the platform
 * expects. Built again when the language changes.
 */
export function appMenu(
  options: {
    readonly platform: NodeJS.Platform;
    readonly packaged: boolean;
  },
  t: Translate,
): readonly MenuItemModel[] {
  const mac = options.platform === 'darwin';
  const role = (name: MenuRole) => ({ role: name, label: t(ROLE_LABELS[name]) }) as const;
  const view: MenuItemModel[] = [
    role('resetZoom'),
    role('zoomIn'),
    role('zoomOut'),
    { separator: true },
    role('togglefullscreen'),
  ];
  if (!options.packaged) view.push({ separator: true }, role('reload'), role('toggleDevTools'));
  return [
    ...(mac
      ? [
          {
            label: PRODUCT_NAME,
            submenu: [
              { command: 'about', label: t('menu.help.about') },
              { separator: true },
              // The command line comes with the app: its shell command, as VS Code offers `code`.
              ...(options.packaged
                ? ([
                    { command: 'install-command', label: t('menu.app.installCommand') },
                    { separator: true },
                  ] as const)
                : []),
              role('hide'),
              role('hideOthers'),
              role('unhide'),
              { separator: true },
              { command: 'quit', label: t('menu.app.quit'), accelerator: 'Cmd+Q' },
            ],
          } satisfies MenuItemModel,
        ]
      : []),
    {
      label: t('menu.file.title'),
      submenu: [
        { command: 'add-photos', label: t('menu.file.addPhotos'), accelerator: 'CmdOrCtrl+O' },
        {
          command: 'add-folder',
          label: t('menu.file.addFolder'),
          accelerator: 'CmdOrCtrl+Shift+O',
        },
        ...(mac
          ? [{ separator: true } as const, role('close')]
          : [
              { separator: true } as const,
              { command: 'quit', label: t('menu.file.quit'), accelerator: 'Ctrl+Q' } as const,
            ]),
      ],
    },
    {
      label: t('menu.edit.title'),
      submenu: [
        role('undo'),
        role('redo'),
        { separator: true },
        role('cut'),
        role('copy'),
        role('paste'),
        role('selectAll'),
      ],
    },
    { label: t('menu.view.title'), submenu: view },
    {
      label: t('menu.help.title'),
      submenu: [
        { command: 'open-logs', label: t('menu.help.openLogs') },
        { command: 'save-diagnostics', label: t('menu.help.saveDiagnostics') },
        ...(mac
          ? []
          : [
              { separator: true } as const,
              { command: 'about', label: t('menu.help.about') } as const,
            ]),
      ],
    },
  ];
}

/** Every role a menu model names, for checks: packaged builds have no developer tools. */
export function menuRoles(items: readonly MenuItemModel[]): MenuRole[] {
  return items.flatMap((item) =>
    'role' in item ? [item.role] : 'submenu' in item ? menuRoles(item.submenu) : [],
  );
}
