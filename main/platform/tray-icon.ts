import { Menu, nativeImage, Tray } from 'electron';
import type { TrayEntry } from '../desktop/tray-menu';

/** The tray (or menu-bar) icon: its menu is rebuilt from the plain model on every update. */
export function createTrayIcon(
  iconPath: string,
  onCommand: (id: 'open' | 'pause-all' | 'resume-all' | 'quit') => void,
): { update(entries: readonly TrayEntry[], tooltip: string): void; destroy(): void } {
  const tray = new Tray(nativeImage.createFromPath(iconPath));
  tray.on('click', () => onCommand('open'));
  return {
    update(entries, tooltip) {
      tray.setToolTip(tooltip);
      tray.setContextMenu(
        Menu.buildFromTemplate(
          entries.map((entry) =>
            entry.kind === 'separator'
              ? { type: 'separator' }
              : entry.kind === 'status'
                ? { label: entry.label, enabled: false }
                : { label: entry.label, click: () => onCommand(entry.id) },
          ),
        ),
      );
    },
    destroy: () => tray.destroy(),
  };
}
