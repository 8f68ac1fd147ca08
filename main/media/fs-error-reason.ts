/**
 * A user-facing reason for a file-system error on a dropped file or folder: the same words
 * whether the crawl or the inspection (or the upload engine, later) met it.
 */
export function fsErrorReason(error: unknown, what: 'file' | 'folder' = 'file'): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOENT':
      return `The ${what} was moved or deleted before it could be read`;
    case 'EACCES':
    case 'EPERM':
      return `The ${what} could not be read (permission denied)`;
    case 'EISDIR':
      return 'This is a folder, not a file';
    case 'ELOOP':
      return 'A link points to itself (symbolic link loop)';
    case 'ENAMETOOLONG':
      return 'The path is too long';
    // Set by this app's own checks on an opened file (see `refusalError`).
    case 'EFTYPE':
      return 'Not a regular file (a device, pipe or socket)';
    case 'EFBIG':
      return `The ${what} grew beyond the size limit while it was read`;
    default:
      return `The ${what} could not be read${code ? ` (${code})` : ''}`;
  }
}
