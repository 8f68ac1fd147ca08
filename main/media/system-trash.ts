import trash from 'trash';
import type { TrashPort } from './after-upload-files';

/**
 * The system's trash outside Electron (the command line): the freedesktop trash on Linux (with its
 * `.trashinfo`, so the desktop's trash can put the file back), the Recycle Bin on Windows, the
 * Trash on macOS, through sindresorhus' `trash`. The path is taken literally, never as a glob
 * (`IMG_[1].jpg` is a name, not a pattern).
 */
export const systemTrash: TrashPort = (path) => trash(path, { glob: false });
