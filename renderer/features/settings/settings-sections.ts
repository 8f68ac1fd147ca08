import {
  Bookmark,
  Camera,
  CloudUpload,
  FolderSync,
  HardDrive,
  LifeBuoy,
  type LucideIcon,
  MapIcon,
  Network,
  UserRound,
} from 'lucide-react';
import type { MessageKey } from '../../../shared/i18n/catalogs';

/**
 * The sections of Settings, in the order the section list shows them: each with its name's key,
 * the short help its card opens with, and its icon.
 */
export const SETTINGS_SECTIONS = [
  {
    id: 'account',
    title: 'settings.sections.account',
    help: 'settings.sectionHelp.account',
    icon: UserRound,
  },
  {
    id: 'uploading',
    title: 'settings.sections.uploading',
    help: 'settings.sectionHelp.uploading',
    icon: CloudUpload,
  },
  {
    id: 'storage',
    title: 'settings.sections.storage',
    help: 'settings.sectionHelp.storage',
    icon: HardDrive,
  },
  {
    id: 'watch',
    title: 'settings.sections.watch',
    help: 'settings.sectionHelp.watch',
    icon: FolderSync,
  },
  {
    id: 'presets',
    title: 'settings.sections.presets',
    help: 'settings.sectionHelp.presets',
    icon: Bookmark,
  },
  {
    id: 'cameras',
    title: 'settings.sections.cameras',
    help: 'settings.sectionHelp.cameras',
    icon: Camera,
  },
  {
    id: 'network',
    title: 'settings.sections.network',
    help: 'settings.sectionHelp.network',
    icon: Network,
  },
  { id: 'map', title: 'settings.sections.map', help: 'settings.sectionHelp.map', icon: MapIcon },
  {
    id: 'help',
    title: 'settings.sections.help',
    help: 'settings.sectionHelp.help',
    icon: LifeBuoy,
  },
] as const satisfies readonly {
  readonly id: string;
  readonly title: MessageKey;
  readonly help: MessageKey;
  readonly icon: LucideIcon;
}[];

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

/** Whether `key` (a tab's key, as React Aria gives it) names a section. */
export function isSectionId(key: unknown): key is SettingsSectionId {
  return SETTINGS_SECTIONS.some((section) => section.id === key);
}
