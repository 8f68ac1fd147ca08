import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RecordedIntakeOutcome } from './intake-outcomes-table';
import { type ReportRow, reportRows, toCsv } from './queue-report';
import type { QueueItem } from './queue-store';

/** Rows read, turned into report rows or into text between two turns of the event loop. */
const PAGE_SIZE = 250;

/** What the report is read from: the queue a page at a time, and the files not queued. */
export type ReportSource = {
  readonly page: (afterId: number, limit: number) => QueueItem[];
  readonly intakeOutcomes: () => RecordedIntakeOutcome[];
};

/**
 * The report's rows (see `reportRows`), read a page at a time with a turn of the event loop
 * between pages: a queue of 20 000 items read and parsed in one go held main for half a second.
 */
export async function readReportRows(source: ReportSource): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  let afterId = 0;
  for (;;) {
    const page = source.page(afterId, PAGE_SIZE);
    if (page.length === 0) break;
    rows.push(...reportRows(page));
    afterId = page[page.length - 1]!.id;
    await nextTurn();
  }
  rows.push(...reportRows([], source.intakeOutcomes()));
  return rows;
}

/** `toCsv(rows)`, written a page at a time with a turn of the event loop between pages. */
export async function csvInTurns(rows: readonly ReportRow[]): Promise<string> {
  const header = toCsv([]);
  const parts = [header];
  for (let start = 0; start < rows.length; start += PAGE_SIZE) {
    // Each page's text without its header line (the same cells `toCsv` writes).
    parts.push(toCsv(rows.slice(start, start + PAGE_SIZE)).slice(header.length));
    await nextTurn();
  }
  return parts.join('');
}

/**
 * `JSON.stringify(rows, null, 2)` plus a final newline, written a page at a time with a turn of
 * the event loop between pages (byte for byte the same text).
 */
export async function jsonInTurns(rows: readonly ReportRow[]): Promise<string> {
  if (rows.length === 0) return '[]\n';
  const parts: string[] = [];
  for (let start = 0; start < rows.length; start += PAGE_SIZE) {
    parts.push(
      rows
        .slice(start, start + PAGE_SIZE)
        // Strings are escaped in JSON, so every line break here is the layout's own.
        .map((row) => `  ${JSON.stringify(row, null, 2).replace(/\n/g, '\n  ')}`)
        .join(',\n'),
    );
    await nextTurn();
  }
  return `[\n${parts.join(',\n')}\n]\n`;
}
