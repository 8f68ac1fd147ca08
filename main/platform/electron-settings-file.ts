import ElectronStore from 'electron-store';
import { type SettingsFile, settingsFileOptions } from '../settings/settings-store';

/**
 * The app's settings through electron-store, as the user's package list asks: the same file
 * and the same options as the command line's conf (electron-store is built on it), so either
 * reads what the other wrote.
 */
export function electronSettingsFile(dataDir: string): SettingsFile {
  const { configName, ...options } = settingsFileOptions(dataDir);
  return new ElectronStore<Record<string, unknown>>({ ...options, name: configName });
}
