import { shell } from 'electron';
import type { TrashPort } from '../media/after-upload-files';

/** The desktop app's trash: Electron's `shell.trashItem` (the system's own trash on every platform). */
export const electronTrash: TrashPort = (path) => shell.trashItem(path);
