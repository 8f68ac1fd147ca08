import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';

/**
 * A user-facing reason for a file-system error on a dropped file or folder: the same words
 * whether the crawl or the inspection (or the upload engine, later) met it. Words, not English
 * (issue 24 §2): the window says them in its language, the command line in English.
 */
export function fsErrorReason(error: unknown, what: 'file' | 'folder' = 'file'): Words {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOENT':
      return words('reason.intake.gone', { what });
    case 'EACCES':
    case 'EPERM':
      return words('reason.intake.permissionDenied', { what });
    case 'EISDIR':
      return words('reason.intake.isFolder');
    case 'ELOOP':
      return words('reason.intake.linkLoop');
    case 'ENAMETOOLONG':
      return words('reason.intake.pathTooLong');
    // Set by this app's own checks on an opened file (see `refusalError`).
    case 'EFTYPE':
      return words('reason.intake.notRegularFile');
    case 'EFBIG':
      return words('reason.intake.grewPastLimit', { what });
    default:
      return code
        ? words('reason.intake.unreadableCode', { what, code })
        : words('reason.intake.unreadable', { what });
  }
}
