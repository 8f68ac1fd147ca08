import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { MenuCommand, MenuItemModel } from '../desktop/app-menu';

function toElectron(
  item: MenuItemModel,
  onCommand: (command: MenuCommand) => void,
): MenuItemConstructorOptions {
  if ('separator' in item) return { type: 'separator' };
  if ('role' in item) return { role: item.role, label: item.label };
  if ('submenu' in item)
    return {
      label: item.label,
      submenu: item.submenu.map((inner) => toElectron(inner, onCommand)),
    };
  return {
    label: item.label,
    ...(item.accelerator ? { accelerator: item.accelerator } : {}),
    click: () => onCommand(item.command),
  };
}

/** Sets the app's own menu (see `appMenu`) instead of Electron's default one. */
export function installAppMenu(
  model: readonly MenuItemModel[],
  onCommand: (command: MenuCommand) => void,
): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(model.map((item) => toElectron(item, onCommand))));
}
