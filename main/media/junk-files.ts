import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';

/**
 * System and metadata files that are never photos, with what they are: the `kind` of the
 * `reason.intake.systemFile` message (the catalogs word each one).
 */
const JUNK_NAMES: Readonly<Record<string, string>> = {
  '.ds_store': 'macFolderSettings',
  'thumbs.db': 'windowsThumbnailCache',
  'ehthumbs.db': 'windowsThumbnailCache',
  'ehthumbs_vista.db': 'windowsThumbnailCache',
  'desktop.ini': 'windowsFolderSettings',
  '.spotlight-v100': 'macSearchIndex',
  '.trashes': 'macTrash',
  '.fseventsd': 'macFileSystemLog',
  '.temporaryitems': 'macTemporaryItems',
  __macosx: 'macArchiveMetadata',
  '$recycle.bin': 'windowsRecycleBin',
  'system volume information': 'windowsSystemFolder',
  '.picasa.ini': 'picasaSettings',
  '.thumbnails': 'thumbnailFolder',
};

const systemFile = (kind: string): Words => words('reason.intake.systemFile', { kind });

/**
 * Why a file or folder name is skipped before it is even opened, or undefined for a name worth
 * looking at. AppleDouble files (`._photo.jpg`) and other hidden names are skipped too, each with
 * its reason: nothing is skipped silently.
 */
export function junkReason(name: string): Words | undefined {
  const known = JUNK_NAMES[name.toLowerCase()];
  if (known) return systemFile(known);
  if (name.startsWith('._')) return systemFile('appleDouble');
  if (name === 'Icon\r') return systemFile('macFolderIcon');
  if (name.startsWith('.')) return systemFile('hidden');
  if (name.startsWith('~$')) return systemFile('officeTemporary');
  return undefined;
}
