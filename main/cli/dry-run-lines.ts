import { printable } from '../../shared/domain/printable-text';
import type { PlannedPhotoView } from '../../shared/ipc/plan-view';
import type { IntakeItemView } from '../../shared/ipc/views';
import type { Words } from '../../shared/i18n/translator';
import { englishFor } from '../../shared/i18n/words';
import { outcomeOfIntake } from '../core/run-outcomes';
import type { CommandOutput } from './cli-context';
import { counted, PHOTOS } from './count-words';

/**
 * One file of `upload --dry-run`: a photo as the core planned it (`queue:plan-photos`), or a file
 * intake did not take (unreadable, not a photo, the same photo twice in the drop).
 */
export type DryRunEntry =
  | PlannedPhotoView
  | {
      readonly intakeId: number;
      readonly path: string;
      readonly action: 'skip' | 'unreadable';
      readonly projectId: undefined;
      readonly projectName?: undefined;
      readonly reason: Words;
    };

/** The dry-run entry of an intake result that will never be queued; undefined for a photo. */
export function notTakenEntry(item: IntakeItemView): DryRunEntry | undefined {
  const outcome = outcomeOfIntake(item);
  if (outcome === undefined) return undefined;
  return {
    intakeId: item.intakeId,
    path: item.path,
    action: outcome.outcome === 'unreadable' ? 'unreadable' : 'skip',
    projectId: undefined,
    reason: outcome.reason,
  };
}

function isoSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/** One line of `upload --dry-run --json` (snake_case, as `inspect --json` and `queue --json`). */
export function dryRunRecord(entry: DryRunEntry): Record<string, unknown> {
  if (entry.action !== 'send')
    return {
      path: entry.path,
      action: entry.action,
      project_id: entry.projectId ?? null,
      project_name: entry.projectName ?? null,
      // English, as every line of the command line, and its code for scripts.
      reason: englishFor(entry.reason),
      reason_code: entry.reason.key,
      photo_id: ('photoId' in entry ? entry.photoId : undefined) ?? null,
    };
  return {
    path: entry.path,
    action: 'send',
    project_id: entry.projectId,
    project_name: entry.projectName ?? null,
    captured_at: entry.capturedAt,
    captured_at_rule: entry.captureRule,
    zone: entry.zone,
    captured_at_source: entry.captureSource,
    coordinates: entry.coordinates,
    description: entry.description,
    tags: entry.tags,
    internal: entry.internal,
    queued_item_id: entry.queuedItemId ?? null,
  };
}

/**
 * One line of `upload --dry-run`: what would be sent for a photo (its project by name and id
 * where the service named it, else by id), or why it would not be.
 */
export function dryRunLine(entry: DryRunEntry): string {
  const path = printable(entry.path);
  if (entry.action !== 'send') {
    const what = entry.action === 'on-service' ? 'duplicate' : entry.action;
    return `${what}: ${path}: ${printable(englishFor(entry.reason))}`;
  }
  const where = entry.coordinates
    ? `at ${entry.coordinates.lat.toFixed(5)},${entry.coordinates.lon.toFixed(5)}`
    : 'no position';
  const tags = entry.tags.length === 0 ? 'no tags' : `tags ${printable(entry.tags.join(', '))}`;
  const description =
    entry.description === '' ? 'no description' : `description ${printable(entry.description)}`;
  const project =
    entry.projectName === undefined
      ? printable(entry.projectId)
      : `${printable(entry.projectName)} (${printable(entry.projectId)})`;
  return `would send: ${path}: project ${project}, captured ${isoSeconds(entry.capturedAt)} (${entry.captureRule}, ${printable(entry.zone)}), ${where}, ${tags}${entry.internal ? ', internal' : ''}, ${description}${entry.queuedItemId === undefined ? '' : ` (already queued as item ${entry.queuedItemId})`}`;
}

/**
 * Prints a dry run, one line (or JSON object) per file in the order intake found them, then in
 * words a count of what would and would not be sent. Nothing was queued or sent.
 */
export function printDryRun(
  entries: readonly DryRunEntry[],
  json: boolean,
  out: CommandOutput,
): void {
  const ordered = [...entries].sort((a, b) => a.intakeId - b.intakeId);
  for (const entry of ordered)
    out.stdout.write(`${json ? JSON.stringify(dryRunRecord(entry)) : dryRunLine(entry)}\n`);
  const sent = ordered.filter((entry) => entry.action === 'send').length;
  const line = `Dry run: ${counted(sent, PHOTOS)} would be sent, ${ordered.length - sent} not; nothing was queued or sent.\n`;
  // With --json, standard output holds only the records.
  (json ? out.stderr : out.stdout).write(line);
}
