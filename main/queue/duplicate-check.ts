import type { ItemNote } from '../../shared/domain/item-note';
import type { Words } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';
import type { ServicePhoto } from '../api/api-schemas';
import type { PhotoServiceClient } from '../api/photo-service-client';
import { lookForPhoto, type Lookup } from './find-photo';
import type { ItemUpdate, QueueItem } from './queue-store';
import { pollWait } from './service-waits';

// "Never twice in a project, whoever uploaded it": before a photo is staged, the project's photos
// taken at the same second are searched for its MD5 (the service's `hash`). Staging is what costs
// the bytes, so the look comes before it. The service hashes the bytes it fetched: for a HEIC or
// TIFF sent as JPEG that is the JPEG's MD5, so the look comes after the conversion and searches
// for both (the original's finds a copy a colleague sent unchanged, with --keep-originals).

/**
 * How long a photo waits on a candidate that has no hash yet (a colleague's upload still being
 * processed) before it is uploaded anyway. Processing takes seconds to minutes; a hash that never
 * comes must not hold the photo back for ever.
 */
export const DUPLICATE_WAIT_BOUND_MS = 10 * 60_000;

/** The reason kept on an item that was not uploaded because the project already had it. */
export function alreadyOnServiceWords(photoId: string): Words {
  return words('reason.queue.alreadyOnService', { photoId });
}

/** {@link alreadyOnServiceWords} in English (the intake report's reason, still a sentence). */
export function alreadyOnServiceReason(photoId: string): string {
  return englishFor(alreadyOnServiceWords(photoId));
}

/**
 * Candidates that can never be another copy of this photo: the item's own earlier record (a retry
 * after the service failed to process it), and any record the service failed to process (it will
 * never get a hash, and holds no usable photo).
 */
function notACopy(item: QueueItem): (photo: ServicePhoto) => boolean {
  return (photo) =>
    (item.photo_id !== null && photo.id === item.photo_id) ||
    photo.processing_status === 'processing_error';
}

/**
 * Looks for `item`'s bytes among its project's photos taken at the same second (paced like every
 * read: the client's read bucket): by the queued MD5 and by each of `alsoMd5s` (the MD5 of the
 * bytes about to be uploaded, a converted JPEG's, and the original's as read now).
 * @throws what the client throws.
 */
export function lookForCopy(
  client: PhotoServiceClient,
  item: QueueItem,
  signal?: AbortSignal,
  alsoMd5s: readonly string[] = [],
): Promise<Lookup> {
  const md5s = [...new Set([item.md5 ?? '', ...alsoMd5s])].filter((md5) => md5 !== '');
  return lookForPhoto(
    client,
    { projectId: item.project_id ?? '', capturedAt: item.captured_at ?? 0, md5: md5s },
    signal,
    notACopy(item),
  );
}

/** Whether `item` is checked at all: photos only, and not when the user allowed duplicates. */
export function needsDuplicateCheck(item: QueueItem): boolean {
  return item.kind === 'photo' && !item.allow_duplicates && item.md5 !== null;
}

/**
 * What a look for a copy means for a queued photo (never sent, so none of the listed photos is
 * its own create): `upload`, with the note `duplicate-check-unavailable` when the look could not
 * decide (the service listed candidates without a hash, or the wait for one it was processing
 * is over), or the change to save: done as "already on the service" with that photo's id, or
 * look again later while a candidate is being processed.
 */
export function afterCopyLookup(
  item: QueueItem,
  lookup: Lookup,
  now: number,
): { kind: 'upload'; note: ItemNote | null } | { kind: 'save'; change: ItemUpdate } {
  switch (lookup.kind) {
    case 'found':
      return {
        kind: 'save',
        change: {
          state: 'done',
          found_on_service: true,
          photo_id: lookup.photo.id,
          processing_status: lookup.photo.processing_status,
          reason: alreadyOnServiceWords(lookup.photo.id),
          attempts: 0,
          waiting_since: null,
        },
      };
    case 'maybe': {
      const since = item.waiting_since ?? now;
      if (now - since >= DUPLICATE_WAIT_BOUND_MS)
        return { kind: 'upload', note: 'duplicate-check-unavailable' };
      return {
        kind: 'save',
        change: {
          waiting_since: since,
          attempts: item.attempts + 1,
          next_attempt_at: now + pollWait(item.attempts),
        },
      };
    }
    case 'undecidable':
      // Waiting would not help: the service does not say these photos' MD5.
      return { kind: 'upload', note: 'duplicate-check-unavailable' };
    case 'absent':
      return { kind: 'upload', note: null };
  }
}
