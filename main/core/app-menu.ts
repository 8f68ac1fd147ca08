/** The commands of the app's own menu that main carries out. */
export type MenuCommand =
  'add-photos' | 'add-folder' | 'quit' | 'open-logs' | 'save-diagnostics' | 'about';

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
  | { readonly role: MenuRole }
  | { readonly separator: true }
  | { readonly label: string; readonly submenu: readonly MenuItemModel[] };

/**
 * The app's own menu instead of Electron's default: File (Add photos…, Add folder…, Quit),
 * Edit (the standard roles), View (no Developer Tools in packaged builds), Help (Open logs
 * folder, Save diagnostics…, About). macOS gets its app menu first, as the platform expects.
 */
export function appMenu(options: {
  readonly platform: NodeJS.Platform;
  readonly packaged: boolean;
}): readonly MenuItemModel[] {
  const mac = options.platform === 'darwin';
  const view: MenuItemModel[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { separator: true },
    { role: 'togglefullscreen' },
  ];
  if (!options.packaged)
    view.push({ separator: true }, { role: 'reload' }, { role: 'toggleDevTools' });
  return [
    ...(mac
      ? [
          {
            label: 'Photo Uploader',
            submenu: [
              { command: 'about', label: 'About Photo Uploader' },
              { separator: true },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { separator: true },
              { command: 'quit', label: 'Quit Photo Uploader', accelerator: 'Cmd+Q' },
            ],
          } satisfies MenuItemModel,
        ]
      : []),
    {
      label: 'File',
      submenu: [
        { command: 'add-photos', label: 'Add photos…', accelerator: 'CmdOrCtrl+O' },
        { command: 'add-folder', label: 'Add folder…', accelerator: 'CmdOrCtrl+Shift+O' },
        ...(mac
          ? [{ separator: true } as const, { role: 'close' } as const]
          : [
              { separator: true } as const,
              { command: 'quit', label: 'Quit', accelerator: 'Ctrl+Q' } as const,
            ]),
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { separator: true },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: 'View', submenu: view },
    {
      label: 'Help',
      submenu: [
        { command: 'open-logs', label: 'Open logs folder' },
        { command: 'save-diagnostics', label: 'Save diagnostics…' },
        ...(mac
          ? []
          : [
              { separator: true } as const,
              { command: 'about', label: 'About Photo Uploader' } as const,
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
