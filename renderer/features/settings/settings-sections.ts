import type { MessageKey } from '../../../shared/i18n/catalogs';

/** The sections of Settings, in the order the section list shows them, each with its name's key. */
export const SETTINGS_SECTIONS = [
  { id: 'account', title: 'settings.sections.account' },
  { id: 'uploading', title: 'settings.sections.uploading' },
  { id: 'storage', title: 'settings.sections.storage' },
  { id: 'watch', title: 'settings.sections.watch' },
  { id: 'cameras', title: 'settings.sections.cameras' },
  { id: 'network', title: 'settings.sections.network' },
  { id: 'map', title: 'settings.sections.map' },
  { id: 'help', title: 'settings.sections.help' },
] as const satisfies readonly { readonly id: string; readonly title: MessageKey }[];

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

/** The id of the tab that opens section `id`. */
export const sectionTabId = (id: SettingsSectionId) => `settings-tab-${id}`;

/** The id of section `id`'s panel. */
export const sectionPanelId = (id: SettingsSectionId) => `settings-panel-${id}`;

/**
 * The section a key moves to from `current` in the vertical list of sections (arrows wrap around,
 * Home and End go to the ends); undefined for any other key.
 */
export function sectionAfterKey(
  current: SettingsSectionId,
  key: string,
): SettingsSectionId | undefined {
  const ids = SETTINGS_SECTIONS.map((section) => section.id);
  const at = ids.indexOf(current);
  const to =
    key === 'ArrowDown' || key === 'ArrowRight'
      ? (at + 1) % ids.length
      : key === 'ArrowUp' || key === 'ArrowLeft'
        ? (at - 1 + ids.length) % ids.length
        : key === 'Home'
          ? 0
          : key === 'End'
            ? ids.length - 1
            : undefined;
  return to === undefined ? undefined : ids[to];
}
