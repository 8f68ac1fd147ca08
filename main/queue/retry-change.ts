import type { ItemUpdate, QueueItem } from './queue-store';

/**
 * What the user's Retry does to an item that needs attention.
 *
 * - A photo the service failed to process (`processing_error`) is staged and created anew: that
 *   record will never be processed, so checking it again would only find the same failure. Its
 *   id is kept in `failed_photo_ids`, so the report still names it.
 * - Another photo with a photo id resumes waiting for that record; one without starts again.
 * - A description edit is tried again.
 */
export function retryChange(item: QueueItem): ItemUpdate {
  const restart = { reason: null, attempts: 0, next_attempt_at: 0, waiting_since: null };
  if (item.kind !== 'photo') return { state: 'queued', ...restart };
  if (item.photo_id !== null && item.processing_status === 'processing_error') {
    return {
      state: 'queued',
      ...restart,
      photo_id: null,
      processing_status: null,
      uri: null,
      uri_expires_at: null,
      failed_photo_ids: JSON.stringify([...item.failed_photo_ids, item.photo_id]),
    };
  }
  return { state: item.photo_id !== null ? 'created' : 'queued', ...restart };
}
