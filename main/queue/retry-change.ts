/**
 * What the user's Retry does to the items that need attention, as one UPDATE (so that "retry
 * all" on 20 000 items is one statement, not 20 000 updates and re-reads on main's event loop).
 *
 * - A photo the service failed to process (`processing_error`) is staged and created anew: that
 *   record will never be processed, so checking it again would only find the same failure. Its
 *   id is appended to `failed_photo_ids`, so the report still names it.
 * - Another photo with a photo id resumes waiting for that record; one without starts again.
 * - A description edit is tried again (what the service had at its conflict is forgotten).
 *
 * Parameters: the time of the change, the item id (null: every item that needs attention), how
 * many at most (-1: no limit), and the id after which to start (a chunk of a bulk retry).
 * SQLite evaluates every SET expression on the row as it was, so the CASEs see the old values.
 * Returns the ids changed.
 */
export const RETRY_UPDATE_SQL = `UPDATE items SET
    state = CASE WHEN ${photoToCheckAgain()} THEN 'created' ELSE 'queued' END,
    photo_id = CASE WHEN ${failedProcessing()} THEN NULL ELSE photo_id END,
    processing_status = CASE WHEN ${failedProcessing()} THEN NULL ELSE processing_status END,
    uri = CASE WHEN ${failedProcessing()} THEN NULL ELSE uri END,
    uri_expires_at = CASE WHEN ${failedProcessing()} THEN NULL ELSE uri_expires_at END,
    failed_photo_ids = CASE WHEN ${failedProcessing()}
      THEN json_insert(failed_photo_ids, '$[#]', photo_id) ELSE failed_photo_ids END,
    service_description = NULL, reason = NULL, attempts = 0, next_attempt_at = 0, waiting_since = NULL, updated_at = ?1
  WHERE id IN (SELECT id FROM items WHERE id > ?4 AND state = 'needs-attention' AND (?2 IS NULL OR id = ?2)
    ORDER BY id LIMIT ?3)
  RETURNING id`;

/** A photo whose record the service failed to process: it is created anew. */
function failedProcessing(): string {
  return "(kind = 'photo' AND photo_id IS NOT NULL AND processing_status IS 'processing_error')";
}

/** A photo with a record that may still be processed: it waits for it again. */
function photoToCheckAgain(): string {
  return "(kind = 'photo' AND photo_id IS NOT NULL AND processing_status IS NOT 'processing_error')";
}
