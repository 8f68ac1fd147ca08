/**
 * The review's selection, shared by the grid and the list: which photos are selected, which one
 * has the keyboard focus, and the anchor a Shift range starts from. Plain functions over plain
 * values, so both views (and the tests) drive the same rules.
 */

/** The selection of the review, by intake id. */
export type ReviewSelection = {
  readonly selected: ReadonlySet<number>;
  /** The photo the keyboard is on (the view's one Tab stop), if any yet. */
  readonly focus: number | undefined;
  /** Where a Shift range starts: the last photo clicked or moved to without Shift. */
  readonly anchor: number | undefined;
};

/** Nothing selected, no focus yet. */
export const EMPTY_SELECTION: ReviewSelection = {
  selected: new Set(),
  focus: undefined,
  anchor: undefined,
};

/** Which modifier keys were held: `toggle` is Ctrl (or Cmd on a Mac), `extend` is Shift. */
export type Modifiers = { readonly toggle: boolean; readonly extend: boolean };

/** The ids from `from` to `to` (either order) in the review's order; just `to` if `from` is gone. */
function range(ids: readonly number[], from: number | undefined, to: number): number[] {
  const start = from === undefined ? -1 : ids.indexOf(from);
  const end = ids.indexOf(to);
  if (end < 0) return [];
  if (start < 0) return [to];
  return ids.slice(Math.min(start, end), Math.max(start, end) + 1);
}

/**
 * A click on photo `id`: alone it selects only that photo; with `toggle` it adds or removes it;
 * with `extend` it selects the range from the anchor (added to the selection when `toggle` is
 * held too). The clicked photo takes the focus; the anchor moves unless extending.
 */
export function clickPhoto(
  state: ReviewSelection,
  ids: readonly number[],
  id: number,
  modifiers: Modifiers,
): ReviewSelection {
  if (modifiers.extend) {
    const span = range(ids, state.anchor, id);
    const selected = modifiers.toggle ? new Set([...state.selected, ...span]) : new Set(span);
    return { selected, focus: id, anchor: state.anchor ?? id };
  }
  if (modifiers.toggle) {
    const selected = new Set(state.selected);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    return { selected, focus: id, anchor: id };
  }
  return { selected: new Set([id]), focus: id, anchor: id };
}

/**
 * A photo's checkbox (list view): flips that photo alone, or with Shift adds the range from the
 * anchor — what a row of checkboxes has always done.
 */
export function checkPhoto(
  state: ReviewSelection,
  ids: readonly number[],
  id: number,
  extend: boolean,
): ReviewSelection {
  return clickPhoto(state, ids, id, { toggle: true, extend: extend && state.anchor !== undefined });
}

/** Every photo selected; the focus stays where it was. */
export function selectAll(state: ReviewSelection, ids: readonly number[]): ReviewSelection {
  return { ...state, selected: new Set(ids) };
}

/** The focused photo flipped in or out of the selection (Space). */
export function toggleFocused(state: ReviewSelection): ReviewSelection {
  if (state.focus === undefined) return state;
  return clickPhoto(state, [], state.focus, { toggle: true, extend: false });
}

/**
 * The focus moved by `step` photos (±1 across, ±columns up or down), kept inside the review.
 * With `extend` the selection becomes the range from the anchor to the new focus; without, the
 * selection stays and the anchor follows the focus. With no focus yet, the move starts from the
 * first photo (the view's tab stop).
 */
export function moveFocus(
  state: ReviewSelection,
  ids: readonly number[],
  step: number,
  extend: boolean,
): ReviewSelection {
  if (ids.length === 0) return state;
  // With no focus yet, the first photo is the view's tab stop, so the move starts from it: the
  // first arrow a keyboard user presses visibly moves.
  const at = state.focus === undefined ? 0 : ids.indexOf(state.focus);
  const target = at < 0 ? 0 : Math.min(ids.length - 1, Math.max(0, at + step));
  const focus = ids[target] ?? ids[0];
  if (focus === undefined) return state;
  if (!extend) return { ...state, focus, anchor: focus };
  const anchor = state.anchor ?? state.focus ?? focus;
  return { selected: new Set(range(ids, anchor, focus)), focus, anchor };
}

/** A key pressed in a view, as the selection needs it. */
export type ReviewKey = {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
};

/**
 * What a key does to the selection in a view `columns` photos wide (1 for the list): arrows
 * move the focus (Left/Right by one, Up/Down by a row), Home/End to the ends, Shift extends,
 * Space flips the focused photo, Ctrl/Cmd+A selects all. Undefined for keys it does not handle,
 * so the view lets them through.
 */
export function selectionAfterKey(
  state: ReviewSelection,
  ids: readonly number[],
  key: ReviewKey,
  columns: number,
): ReviewSelection | undefined {
  const command = key.ctrlKey || key.metaKey;
  if (command && key.key.toLowerCase() === 'a') return selectAll(state, ids);
  if (key.key === ' ')
    return toggleFocused(state.focus === undefined ? moveFocus(state, ids, 0, false) : state);
  const steps: Readonly<Record<string, number>> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: columns,
    ArrowUp: -columns,
    Home: -ids.length,
    End: ids.length,
  };
  const step = steps[key.key];
  if (
    step === undefined ||
    (columns === 1 && (key.key === 'ArrowLeft' || key.key === 'ArrowRight'))
  )
    return undefined;
  return moveFocus(state, ids, step, key.shiftKey);
}
