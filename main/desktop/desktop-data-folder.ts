import { mkdirSync } from 'node:fs';
import { defaultDataDir } from '../ownership/data-folder';
import { DATA_DIR_ENV } from '../core/seed-settings';

/** What decides where the desktop app keeps its data. */
export type DesktopDataPlace = {
  readonly env: NodeJS.ProcessEnv;
  readonly platform: NodeJS.Platform;
  readonly home: string;
};

/**
 * The desktop app's data folder (`userData`), made if it is missing (private to the user, 0700):
 * `PHOTO_UPLOADER_DATA_DIR` when the (unpackaged) app is given one, else the folder the command
 * line uses by default. Made here because Electron's `app.setPath` throws for a folder that does
 * not exist, and it is called before anything else could make it (a first start, or a data
 * folder given on a fresh machine). An existing folder is left as it is.
 * @throws the file system's error when the folder cannot be made.
 */
export function desktopDataFolder(place: DesktopDataPlace): string {
  const folder = place.env[DATA_DIR_ENV] ?? defaultDataDir(place);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}
