import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/** What a virtualized view's items can hold the focus on (links, buttons, inputs, themselves). */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** Where the focus is inside a view: its item (by the item's attribute) and which control. */
export type FocusPlace = {
  /** The value of the item's attribute (its key or its place). */
  readonly item: string;
  /** The focused element's place among the item's focusable elements; -1: the item itself. */
  readonly control: number;
};

/**
 * Where `focused` stands inside `container`, whose items carry `attribute`: undefined when it is
 * in no item.
 */
export function focusPlace(
  container: HTMLElement,
  attribute: string,
  focused: Element,
): FocusPlace | undefined {
  const item = focused.closest(`[${attribute}]`);
  const value = item?.getAttribute(attribute);
  if (item === null || value === null || value === undefined || !container.contains(item))
    return undefined;
  if (item === focused) return { item: value, control: -1 };
  const control = [...item.querySelectorAll(FOCUSABLE)].indexOf(focused);
  return control === -1 ? undefined : { item: value, control };
}

/** The element at `place` in `container` as the page holds it now, if its item is shown. */
export function elementAt(
  container: HTMLElement,
  attribute: string,
  place: FocusPlace,
): HTMLElement | undefined {
  const item = [...container.querySelectorAll<HTMLElement>(`[${attribute}]`)].find(
    (candidate) => candidate.getAttribute(attribute) === place.item,
  );
  if (item === undefined || place.control === -1) return item;
  const control = item.querySelectorAll(FOCUSABLE)[place.control];
  return control instanceof HTMLElement ? control : undefined;
}

/**
 * Keeps the keyboard focus in place when a virtualized view builds an item's element anew. A
 * resize that changes the column count moves cells to other rows, and React builds a cell that
 * changed parents again; a window made small for a moment drops rows. The browser then sends the
 * focus of the removed element to the page's body: a keyboard user lost their place, and the
 * next Tab started over at the top of the window. After each render, while nothing else took the
 * focus, the element at the same place (same item, same control) takes it back as soon as it is
 * in the page again.
 *
 * @param attribute the attribute every item of the view carries, with a value unique in the view
 */
export function useKeptFocus(container: RefObject<HTMLElement | null>, attribute: string): void {
  const kept = useRef<{ readonly element: Element; readonly place: FocusPlace }>(undefined);
  useEffect(() => {
    const root = container.current;
    if (root === null) return undefined;
    const focusIn = (event: FocusEvent) => {
      const target = event.target;
      const place = target instanceof Element ? focusPlace(root, attribute, target) : undefined;
      kept.current = target instanceof Element && place ? { element: target, place } : undefined;
    };
    const focusOut = (event: FocusEvent) => {
      const target = event.target;
      // The focus went to another element: the user moved it.
      if (event.relatedTarget !== null) kept.current = undefined;
      // A blur to nowhere whose element stays in the page (a click on a blank spot, the window
      // left): the user's too. A removed element is gone once the render that removed it ends.
      else
        queueMicrotask(() => {
          if (target instanceof Node && target.isConnected && kept.current?.element === target)
            kept.current = undefined;
        });
    };
    root.addEventListener('focusin', focusIn);
    root.addEventListener('focusout', focusOut);
    return () => {
      root.removeEventListener('focusin', focusIn);
      root.removeEventListener('focusout', focusOut);
    };
  }, [container, attribute]);
  // After every render: the item may come back only once the view has its size again.
  useLayoutEffect(() => {
    const held = kept.current;
    const root = container.current;
    if (held === undefined || root === null || held.element.isConnected) return;
    const active = root.ownerDocument.activeElement;
    if (active !== null && active !== root.ownerDocument.body) {
      kept.current = undefined;
      return;
    }
    elementAt(root, attribute, held.place)?.focus({ preventScroll: true });
  });
}
