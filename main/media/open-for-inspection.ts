import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import type { IntakeItem } from '../../shared/domain/intake';
import type { Words } from '../../shared/i18n/translator';
import { type CrawledFile, NOT_REGULAR_REASON, REPLACED_AFTER_CRAWL_REASON } from './crawl';
import { fsErrorReason } from './fs-error-reason';
import { tooLargeReason } from './media-limits';
import {
  type DirectHandle,
  type OpenedRegularFile,
  openRegularFile,
  openRegularFileDirect,
  type PhotoHandle,
} from './open-regular-file';

/**
 * How a crawled file is opened and its real path found: through the process's file-system pool
 * (`pooled`, the default), or by the calling media worker thread itself (`direct`, see
 * `DirectHandle`). The checks are the same.
 */
export type InspectionReads = 'pooled' | 'direct';

/** The native `realpath(3)` in both cases, as `fs.promises.realpath` uses. */
const REAL_PATH: Record<InspectionReads, (path: string) => Promise<string>> = {
  pooled: (path) => realpath(path),
  // eslint-disable-next-line @typescript-eslint/require-await -- a throw becomes a rejection
  direct: async (path) => realpathSync.native(path),
};

/** Why a file is not inspected: a skipped or error intake item. */
type NotInspected = Exclude<IntakeItem, { status: 'photo' }>;

/** A file opened for its inspection, or the item that says why it was not. */
export type InspectionOpen<Handle extends PhotoHandle> =
  | { readonly ok: true; readonly file: OpenedRegularFile<Handle> }
  | { readonly ok: false; item: NotInspected };

export { REPLACED_AFTER_CRAWL_REASON };

/** Why a crawled path that is now a FIFO, a socket or a device is not read. */
export { NOT_REGULAR_REASON };

/**
 * Opens a crawled file for its inspection, once: its real path (the crawl followed the links
 * that stay inside what was dropped; a path leading elsewhere than the crawl found is refused) with `O_NOFOLLOW | O_NONBLOCK`, checked on the handle to be
 * a regular file of at most `maxFileBytes`, and the same file the crawl found (device and
 * inode). A FIFO swapped in since the crawl is refused at once, without waiting for a writer, so
 * it never holds a thread of the file-system pool. Never throws.
 */
export async function openForInspection(
  file: CrawledFile,
  maxFileBytes: number,
  reads: 'direct',
): Promise<InspectionOpen<DirectHandle>>;
export async function openForInspection(
  file: CrawledFile,
  maxFileBytes: number,
  reads?: InspectionReads,
): Promise<InspectionOpen<PhotoHandle>>;
export async function openForInspection(
  file: CrawledFile,
  maxFileBytes: number,
  reads: InspectionReads = 'pooled',
): Promise<InspectionOpen<PhotoHandle>> {
  const { path } = file;
  const refuse = (status: 'skipped' | 'error', reason: Words) =>
    ({ ok: false, item: { status, path, reason } }) as const;
  let real: string;
  try {
    real = await REAL_PATH[reads](path);
  } catch (error) {
    return refuse('error', fsErrorReason(error, 'file'));
  }
  // The crawl checked its real path to be inside what was dropped: a path that leads elsewhere
  // now went through a folder swapped for a link since.
  if (file.real !== undefined && real !== file.real)
    return refuse('error', REPLACED_AFTER_CRAWL_REASON);
  const opened =
    reads === 'direct'
      ? await openRegularFileDirect(real, maxFileBytes)
      : await openRegularFile(real, maxFileBytes);
  if (!opened.ok) {
    const { refusal } = opened;
    switch (refusal.kind) {
      case 'special':
        return refuse('skipped', NOT_REGULAR_REASON);
      case 'too-large':
        return refuse('skipped', tooLargeReason(refusal.size, maxFileBytes));
      case 'link':
        return refuse('error', REPLACED_AFTER_CRAWL_REASON);
      case 'folder':
        return refuse('error', fsErrorReason({ code: 'EISDIR' }, 'file'));
      case 'error':
        return refuse('error', fsErrorReason(refusal.error, 'file'));
    }
  }
  const { identity } = opened.file;
  // The crawl's numbers went through a double, as these do.
  const other =
    (file.dev !== undefined && Number(identity.dev) !== file.dev) ||
    (file.ino !== undefined && Number(identity.ino) !== file.ino);
  if (other) {
    await opened.file.handle.close().catch(() => undefined);
    return refuse('error', REPLACED_AFTER_CRAWL_REASON);
  }
  return opened;
}
