import type { IntakeItemView } from '../../../shared/ipc/views';

/**
 * The intake results of this window and what the review derives from them, kept up to date as
 * results arrive: each applied batch costs work in proportion to the batch, not to the 20 000
 * results already shown (a pass over every result per batch, six times over, was most of the
 * window's own work while a large drop streamed in).
 */
export type IntakeSummary = {
  /** Every result, in arrival order. */
  readonly items: readonly IntakeItemView[];
  /** Their intake ids, in the same order (what the selection ranges over). */
  readonly ids: readonly number[];
  /** The photos that may be uploaded: read, and not a second copy of one earlier in the drop. */
  readonly uploadable: readonly IntakeItemView[];
  /** Photos whose zone was assumed (the "Zone for photos without one" choice applies to them). */
  readonly assumedCount: number;
  /** The subfolders of the dropped folders that hold uploadable photos, in the order first met. */
  readonly subfolders: readonly string[];
  /** The same subfolders, to look one up without a scan (a drop may have thousands). */
  readonly subfolderSet: ReadonlySet<string>;
  /** Whether any photo has a position (the far-photo check and the map need one). */
  readonly anyPosition: boolean;
};

/** No results yet. */
export const EMPTY_SUMMARY: IntakeSummary = {
  items: [],
  ids: [],
  uploadable: [],
  assumedCount: 0,
  subfolders: [],
  subfolderSet: new Set(),
  anyPosition: false,
};

/** Whether `item` is a photo that may be uploaded (a second copy within the drop is not). */
export function isUploadable(item: IntakeItemView): boolean {
  return item.status === 'photo' && item.duplicateOf?.kind !== 'in-this-batch';
}

/**
 * `summary` with `arrived` appended. The summary's arrays are new ones (React compares by
 * identity), copied once each; what is derived is computed for the new results only.
 */
export function appendResults(
  summary: IntakeSummary,
  arrived: readonly IntakeItemView[],
): IntakeSummary {
  if (arrived.length === 0) return summary;
  const ids: number[] = [];
  const uploadable: IntakeItemView[] = [];
  let assumedCount = summary.assumedCount;
  let anyPosition = summary.anyPosition;
  // Copied on the first new subfolder of this batch only.
  let subfolders: string[] | undefined;
  let subfolderSet: Set<string> | undefined;
  for (const item of arrived) {
    ids.push(item.intakeId);
    if (item.status !== 'photo') continue;
    if (item.capture.rule === 'assumed') assumedCount += 1;
    if (!isUploadable(item)) continue;
    uploadable.push(item);
    if (item.coordinates !== null) anyPosition = true;
    const subfolder = item.folders[0];
    if (subfolder === undefined || (subfolderSet ?? summary.subfolderSet).has(subfolder)) continue;
    subfolders ??= [...summary.subfolders];
    subfolderSet ??= new Set(summary.subfolderSet);
    subfolders.push(subfolder);
    subfolderSet.add(subfolder);
  }
  return {
    items: summary.items.concat(arrived),
    ids: summary.ids.concat(ids),
    uploadable:
      uploadable.length === 0 ? summary.uploadable : summary.uploadable.concat(uploadable),
    assumedCount,
    subfolders: subfolders ?? summary.subfolders,
    subfolderSet: subfolderSet ?? summary.subfolderSet,
    anyPosition,
  };
}

/** The summary of `items` from scratch (after results were removed). */
export function summarize(items: readonly IntakeItemView[]): IntakeSummary {
  return appendResults(EMPTY_SUMMARY, items);
}

/** `summary` without the results in `removed` (left out by the user, or read again). */
export function removeResults(summary: IntakeSummary, removed: ReadonlySet<number>): IntakeSummary {
  return summarize(summary.items.filter((item) => !removed.has(item.intakeId)));
}
