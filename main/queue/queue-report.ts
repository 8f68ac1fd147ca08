import { itemNoteWords } from '../../shared/domain/item-note';
import { englishFor } from '../../shared/i18n/words';
import { reasonCode } from './queue-reason';
import type { RecordedIntakeOutcome } from './intake-outcomes-table';
import type { QueueItem } from './queue-store';

/** A row of the report: what became of one queued item. */
export type ReportRow = {
  readonly file: string;
  readonly project: string;
  readonly outcome: string;
  readonly photo_id: string;
  /** Why, in English (the report is for scripts and spreadsheets, as the command line). */
  readonly reason: string;
  /** The reason's catalog key (`reason.queue.alreadyOnService`…), empty when there is none. */
  readonly reason_code: string;
  /** Earlier records of this photo the service failed to process, space-separated. */
  readonly failed_photo_ids: string;
  /**
   * Issue 26 §3: what became of the file after upload: `moved to PATH`, `trashed`, `left: REASON`
   * or `pending`; empty when its batch left files where they are.
   */
  readonly after_upload: string;
};

/** What became of an item's file after upload, in the report's English. */
export function afterUploadCell(item: QueueItem): string {
  if (item.after_upload === null) return '';
  const result = item.after_upload_result;
  if (result === null || result.kind === 'moving' || result.kind === 'trashing') return 'pending';
  if (result.kind === 'moved') return `moved to ${result.to}`;
  if (result.kind === 'trashed') return 'trashed';
  return `left: ${englishFor(result.reason)}`;
}

/** What became of an item, in the words the report and the UI use. */
export function outcomeOf(item: QueueItem): string {
  if (item.kind === 'description')
    return item.state === 'done'
      ? 'description updated'
      : item.state === 'needs-attention'
        ? 'needs attention'
        : item.state === 'cancelled'
          ? 'cancelled'
          : 'waiting';
  switch (item.state) {
    case 'done':
      if (item.found_on_service) return 'already on the service';
      return item.processing_status === 'duplicate'
        ? 'duplicate (already on the service)'
        : 'uploaded';
    case 'needs-attention':
      return 'needs attention';
    case 'cancelled':
      return 'cancelled';
    case 'queued':
    case 'staged':
    case 'creating':
    case 'created':
      return item.paused ? 'paused' : 'waiting';
  }
}

/**
 * One report row per queued item, in queue order, then one per file of a queued batch that was
 * not queued (skipped or unreadable at intake, left out, or already on the service), with its
 * reason.
 */
export function reportRows(
  items: readonly QueueItem[],
  notQueued: readonly RecordedIntakeOutcome[] = [],
): ReportRow[] {
  return [
    ...items.map((item) => ({
      file: item.path ?? '',
      project: item.project_id ?? '',
      outcome: outcomeOf(item),
      photo_id: item.photo_id ?? '',
      // A note says how an upload that went well went unusually (no duplicate check).
      reason:
        item.reason !== null
          ? englishFor(item.reason)
          : item.note === null
            ? ''
            : itemNoteWords(item.note),
      reason_code: reasonCode(item.reason),
      failed_photo_ids: item.failed_photo_ids.join(' '),
      after_upload: afterUploadCell(item),
    })),
    ...notQueued.map((entry) => ({
      file: entry.path,
      project: entry.project_id,
      // The same words as a queued photo the engine found on the service.
      outcome: entry.outcome === 'on-service' ? 'already on the service' : entry.outcome,
      photo_id: entry.photo_id ?? '',
      reason: entry.reason,
      // The intake's reasons are still sentences: no code yet.
      reason_code: '',
      failed_photo_ids: '',
      after_upload: '',
    })),
  ];
}

/** CSV with quoting, and formula-looking cells defused for spreadsheets. */
export function toCsv(rows: readonly ReportRow[]): string {
  const columns: (keyof ReportRow)[] = [
    'file',
    'project',
    'outcome',
    'photo_id',
    'reason',
    'failed_photo_ids',
    // Added after the others: scripts that read the columns by place keep working.
    'reason_code',
    'after_upload',
  ];
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return (
    [
      columns.join(','),
      ...rows.map((row) => columns.map((column) => cell(row[column])).join(',')),
    ].join('\r\n') + '\r\n'
  );
}
