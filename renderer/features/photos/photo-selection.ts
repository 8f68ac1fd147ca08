/**
 * Which photos of the Existing photos grid are selected, as a file manager does it: a click
 * toggles one photo, Shift-click selects the range from the last photo clicked, "Select all"
 * takes every photo shown. Plain functions, so the rules are tested without a window.
 */
export type PhotoSelection = {
  /** Ids of the selected photos. */
  readonly selected: ReadonlySet<string>;
  /** The photo clicked last without Shift: where a Shift-click range starts. */
  readonly anchor: string | undefined;
};

/** Nothing selected. */
export const NO_SELECTION: PhotoSelection = { selected: new Set(), anchor: undefined };

/**
 * The selection after a click on `photoId` among `order` (the grid's ids, as shown). With
 * `shift` and an anchor still in the grid, every photo between the anchor and this one is
 * selected (added to what was selected); otherwise the photo is toggled and becomes the anchor.
 */
export function clickPhoto(
  selection: PhotoSelection,
  order: readonly string[],
  photoId: string,
  shift: boolean,
): PhotoSelection {
  const from = selection.anchor === undefined ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(photoId);
  if (shift && from >= 0 && to >= 0) {
    const selected = new Set(selection.selected);
    for (const id of order.slice(Math.min(from, to), Math.max(from, to) + 1)) selected.add(id);
    return { selected, anchor: selection.anchor };
  }
  const selected = new Set(selection.selected);
  if (selected.has(photoId)) selected.delete(photoId);
  else selected.add(photoId);
  return { selected, anchor: photoId };
}

/** Every photo in `order` selected. */
export function selectAll(order: readonly string[]): PhotoSelection {
  return { selected: new Set(order), anchor: order[0] };
}
