import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';

/** What the hook needs of a virtualizer: bringing a row into view. */
type RowScroller = { readonly scrollToIndex: (index: number, options: { align: 'auto' }) => void };

/**
 * Roving focus in a virtualized view: after a key moved the focus to item `focusIndex`, the
 * item's row is scrolled into view and, once the item exists in the page, it takes the DOM focus.
 * Items carry `data-focus-index`; only keys (not clicks or list updates) move the focus, so
 * typing elsewhere is never interrupted.
 *
 * @returns a keydown wrapper: call it with the view's handler so a handled key moves the focus
 */
export function useRovingFocus(
  container: RefObject<HTMLElement | null>,
  virtualizer: RowScroller,
  focusIndex: number | undefined,
  rowOf: (index: number) => number,
): (
  handle: (event: KeyboardEvent<HTMLElement>) => boolean,
) => (event: KeyboardEvent<HTMLElement>) => void {
  const wanted = useRef(false);
  const scrolledTo = useRef<number>(undefined);
  // Runs after every render: the row may appear only once the scroll took effect.
  useEffect(() => {
    if (!wanted.current || focusIndex === undefined) return;
    const target = container.current?.querySelector<HTMLElement>(
      `[data-focus-index="${focusIndex}"]`,
    );
    if (target) {
      target.focus({ preventScroll: false });
      wanted.current = false;
      scrolledTo.current = undefined;
    } else if (scrolledTo.current !== focusIndex) {
      scrolledTo.current = focusIndex;
      virtualizer.scrollToIndex(rowOf(focusIndex), { align: 'auto' });
    }
  });
  return (handle) => (event) => {
    if (!handle(event)) return;
    event.preventDefault();
    wanted.current = true;
  };
}
