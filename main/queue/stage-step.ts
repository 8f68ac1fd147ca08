import type { ItemNote } from '../../shared/domain/item-note';
import { words } from '../../shared/i18n/words';
import { NetworkError } from '../http/network-error';
import { DEFAULT_MAX_FILE_BYTES } from '../media/file-limits';
import { StagingError } from '../staging/photo-host';
import { prepareUpload } from '../staging/prepared-upload';
import { afterCopyLookup, lookForCopy, needsDuplicateCheck } from './duplicate-check';
import type { EngineStepContext } from './engine-step-context';
import type { QueueItem } from './queue-store';
import { throttledProgress } from './stage-progress';

/** Why a queued photo whose bytes are not the ones queued any more is not uploaded. */
export const CHANGED_SINCE_QUEUED_REASON = words('reason.queue.changedSinceQueued');

/**
 * The engine's `queued` step: the photo's bytes go to the photo host and the item is saved
 * `staged` with the URL the service will fetch. A photo the project already has (by its queued
 * MD5, or the MD5 of the bytes it would send now) is not staged.
 * Parks the item (through `steps.park`) when the file or the host refuses.
 */
export async function stageStep(
  steps: EngineStepContext,
  item: QueueItem,
  signal?: AbortSignal,
): Promise<void> {
  const { path, md5, format } = item;
  if (path === null || md5 === null || format === null)
    return steps.park(item, { kind: 'needs-user', reason: words('reason.queue.entryIncomplete') });
  // Checked again as intake did, and uploaded from the same open file: a file swapped for a
  // link, a pipe or a device since it was queued is refused, never read without end, and so is
  // a file that is not the one intake read (its identity, checked on the open handle: a folder
  // on its way swapped for a link leads to another file). A HEIC or TIFF photo is converted to
  // a JPEG here (see `prepareUpload`), before the look for a copy: the service's hash of a
  // converted photo is its JPEG's MD5, known only once it is made.
  const prepared = await prepareUpload(
    { id: item.id, path, format },
    {
      maxBytes: steps.options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
      signal,
      conversion: steps.options.conversion,
      expected: item.file_identity,
    },
  );
  if (!prepared.ok) return steps.park(item, { kind: 'needs-user', reason: prepared.reason });
  const { file, original } = prepared.upload;
  // Other bytes than the ones queued (and reviewed) are never sent in their place.
  if (original.md5 !== md5) {
    await file.handle.close().catch(() => undefined);
    await prepared.upload.cleanUp();
    steps.logger.info('file changed since it was queued; not uploaded', { item: item.id });
    return steps.park(item, { kind: 'needs-user', reason: CHANGED_SINCE_QUEUED_REASON });
  }
  try {
    let note: ItemNote | null = null;
    if (needsDuplicateCheck(item)) {
      const check = await alreadyOnService(steps, item, [original.md5, file.md5], signal);
      if (check === 'saved') return;
      note = check.note;
    }
    const onProgress = throttledProgress(steps.clock, (sent) => {
      steps.save(item, { bytes_sent: sent });
    });
    const staged = await steps.host.stage(
      {
        path,
        converted: file.md5 !== original.md5,
        md5: file.md5,
        format: file.format,
        size: file.size,
        file: file.handle,
        onProgress,
        bandwidth: steps.options.bandwidth,
      },
      signal,
    );
    steps.save(item, {
      state: 'staged',
      md5: original.md5,
      // Recorded before the create: the reconcile looks for the MD5 the service will compute.
      upload_md5: file.md5 === original.md5 ? null : file.md5,
      size: original.size,
      uri: staged.uri,
      uri_expires_at: staged.expiresAt ?? null,
      bytes_sent: staged.bytesSent,
      attempts: 0,
      next_attempt_at: 0,
      // Kept to the end: the report says the duplicate check could not be made.
      note,
    });
  } catch (error) {
    if (error instanceof StagingError)
      return steps.park(item, { kind: 'needs-user', reason: error.words });
    // The bytes of a broken upload are sent again from the start.
    if (error instanceof NetworkError)
      return steps.park(item, { kind: 'retry', afterMs: undefined }, { bytes_sent: 0 });
    throw error;
  } finally {
    await file.handle.close().catch(() => undefined);
    // Once staged, the host has the bytes; a converted file is made again if ever needed.
    await prepared.upload.cleanUp();
  }
}

/**
 * Whether the project already has this photo (or may have, still unprocessed): then the item is
 * saved as done "already on the service", or to look again later, and is not staged now
 * (`saved`). Else it is uploaded, with the note the look left (see `afterCopyLookup`).
 */
async function alreadyOnService(
  steps: EngineStepContext,
  item: QueueItem,
  uploadMd5s: readonly string[],
  signal?: AbortSignal,
): Promise<'saved' | { readonly note: ItemNote | null }> {
  let next;
  try {
    const lookup = await lookForCopy(steps.api, item, signal, uploadMd5s);
    next = afterCopyLookup(item, lookup, steps.clock.now());
  } catch (error) {
    return steps.park(item, steps.dispose(error));
  }
  if (next.kind === 'upload') return { note: next.note };
  steps.save(item, next.change);
  return 'saved';
}
