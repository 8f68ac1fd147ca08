import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  type ReviewSelection,
  checkPhoto,
  clickPhoto,
  moveFocus,
  selectionAfterKey,
} from '../../../renderer/features/intake/review-selection';

const ids = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
const plain = { toggle: false, extend: false };
const ctrl = { toggle: true, extend: false };
const shift = { toggle: false, extend: true };
const key = (name: string, held: { shift?: boolean; ctrl?: boolean; meta?: boolean } = {}) => ({
  key: name,
  shiftKey: held.shift ?? false,
  ctrlKey: held.ctrl ?? false,
  metaKey: held.meta ?? false,
});
const sorted = (state: ReviewSelection | undefined) => [...(state?.selected ?? [])].sort();

describe('clicks', () => {
  it('a click selects one, Ctrl-click toggles, Shift-click selects the range from the anchor', () => {
    let state = clickPhoto(EMPTY_SELECTION, ids, 12, plain);
    expect(sorted(state)).toEqual([12]);
    state = clickPhoto(state, ids, 14, ctrl);
    expect(sorted(state)).toEqual([12, 14]);
    state = clickPhoto(state, ids, 12, ctrl);
    expect(sorted(state)).toEqual([14]);
    // The last Ctrl-click (on 12) set the anchor.
    state = clickPhoto(state, ids, 17, shift);
    expect(sorted(state)).toEqual([12, 13, 14, 15, 16, 17]);
    // The anchor stays: Shift-clicking back before it selects the other side instead.
    state = clickPhoto(state, ids, 11, shift);
    expect(sorted(state)).toEqual([11, 12]);
    expect(state.focus).toBe(11);
    state = clickPhoto(state, ids, 18, { toggle: true, extend: true });
    expect(sorted(state)).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    expect(sorted(clickPhoto(state, ids, 19, plain))).toEqual([19]);
  });

  it("a row's checkbox flips its photo, and with Shift adds the range", () => {
    let state = checkPhoto(EMPTY_SELECTION, ids, 11, true);
    expect(sorted(state)).toEqual([11]);
    state = checkPhoto(state, ids, 13, false);
    expect(sorted(state)).toEqual([11, 13]);
    state = checkPhoto(state, ids, 16, true);
    expect(sorted(state)).toEqual([11, 13, 14, 15, 16]);
  });
});

describe('keys', () => {
  it('arrows move the focus by one or by a row, without changing the selection', () => {
    let state = clickPhoto(EMPTY_SELECTION, ids, 10, plain);
    state = selectionAfterKey(state, ids, key('ArrowRight'), 4)!;
    expect(state.focus).toBe(11);
    state = selectionAfterKey(state, ids, key('ArrowDown'), 4)!;
    expect(state.focus).toBe(15);
    state = selectionAfterKey(state, ids, key('ArrowDown'), 4)!;
    expect(state.focus).toBe(19);
    state = selectionAfterKey(state, ids, key('ArrowDown'), 4)!;
    expect(state.focus).toBe(19);
    state = selectionAfterKey(state, ids, key('ArrowUp'), 4)!;
    expect(state.focus).toBe(15);
    state = selectionAfterKey(state, ids, key('Home'), 4)!;
    expect(state.focus).toBe(10);
    expect(sorted(state)).toEqual([10]);
  });

  it('Shift+arrows extend from the anchor, Space toggles the focused photo, Ctrl/Cmd+A selects all', () => {
    let state = clickPhoto(EMPTY_SELECTION, ids, 12, plain);
    state = selectionAfterKey(state, ids, key('ArrowRight', { shift: true }), 3)!;
    state = selectionAfterKey(state, ids, key('ArrowDown', { shift: true }), 3)!;
    expect(sorted(state)).toEqual([12, 13, 14, 15, 16]);
    state = selectionAfterKey(state, ids, key('ArrowUp', { shift: true }), 3)!;
    expect(sorted(state)).toEqual([12, 13]);
    state = selectionAfterKey(state, ids, key('ArrowDown'), 3)!;
    state = selectionAfterKey(state, ids, key(' '), 3)!;
    expect(sorted(state)).toEqual([12, 13, 16]);
    state = selectionAfterKey(state, ids, key(' '), 3)!;
    expect(sorted(state)).toEqual([12, 13]);
    expect(sorted(selectionAfterKey(state, ids, key('a', { ctrl: true }), 3))).toEqual(ids);
    expect(sorted(selectionAfterKey(state, ids, key('A', { meta: true }), 3))).toEqual(ids);
  });

  it('in the list (one column) Left and Right are not its keys, nor are letters', () => {
    const state = clickPhoto(EMPTY_SELECTION, ids, 12, plain);
    expect(selectionAfterKey(state, ids, key('ArrowLeft'), 1)).toBeUndefined();
    expect(selectionAfterKey(state, ids, key('a'), 1)).toBeUndefined();
    expect(selectionAfterKey(state, ids, key('ArrowDown'), 1)?.focus).toBe(13);
  });

  it('with no focus yet, a move starts from the first photo (the tab stop), and Space takes it', () => {
    expect(selectionAfterKey(EMPTY_SELECTION, ids, key('ArrowDown'), 4)?.focus).toBe(ids[4]);
    expect(selectionAfterKey(EMPTY_SELECTION, ids, key('ArrowRight'), 4)?.focus).toBe(ids[1]);
    expect(selectionAfterKey(EMPTY_SELECTION, ids, key('ArrowLeft'), 4)?.focus).toBe(ids[0]);
    expect(sorted(selectionAfterKey(EMPTY_SELECTION, ids, key(' '), 4))).toEqual([10]);
    expect(selectionAfterKey(EMPTY_SELECTION, [], key('ArrowDown'), 4)).toEqual(EMPTY_SELECTION);
  });

  it('the focus always stays on a photo of the review, and Shift ranges are contiguous', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -12, max: 12 }), fc.boolean()), { maxLength: 30 }),
        (moves) => {
          let state = EMPTY_SELECTION;
          for (const [step, extend] of moves) state = moveFocus(state, ids, step, extend);
          if (moves.length > 0) expect(ids).toContain(state.focus);
          const picked = ids.flatMap((id, index) => (state.selected.has(id) ? [index] : []));
          if (picked.length > 0)
            expect((picked.at(-1) ?? 0) - (picked[0] ?? 0) + 1).toBe(picked.length);
        },
      ),
    );
  });
});
