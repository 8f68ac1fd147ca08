/** System and metadata files that are never photos, with the reason shown to the user. */
const JUNK_NAMES: Readonly<Record<string, string>> = {
  '.ds_store': 'macOS folder settings file',
  'thumbs.db': 'Windows thumbnail cache',
  'ehthumbs.db': 'Windows thumbnail cache',
  'ehthumbs_vista.db': 'Windows thumbnail cache',
  'desktop.ini': 'Windows folder settings file',
  '.spotlight-v100': 'macOS search index',
  '.trashes': 'macOS trash folder',
  '.fseventsd': 'macOS file-system log',
  '.temporaryitems': 'macOS temporary items',
  __macosx: 'macOS archive metadata folder',
  '$recycle.bin': 'Windows recycle bin',
  'system volume information': 'Windows system folder',
  '.picasa.ini': 'Picasa settings file',
  '.thumbnails': 'thumbnail cache folder',
};

/**
 * Why a file or folder name is skipped before it is even opened, or undefined for a name worth
 * looking at. AppleDouble files (`._photo.jpg`) and other hidden names are skipped too, each with
 * its reason: nothing is skipped silently.
 */
export function junkReason(name: string): string | undefined {
  const known = JUNK_NAMES[name.toLowerCase()];
  if (known) return `Skipped: ${known}`;
  if (name.startsWith('._')) return 'Skipped: macOS resource-fork file (AppleDouble), not a photo';
  if (name === 'Icon\r') return 'Skipped: macOS folder icon file';
  if (name.startsWith('.')) return 'Skipped: hidden file';
  if (name.startsWith('~$')) return 'Skipped: temporary Office file';
  return undefined;
}
