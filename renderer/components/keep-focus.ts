import {
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';

/**
 * What an item can hold the focus on: links, buttons, inputs, elements with a tab index, and
 * rich-text editors (a contenteditable needs no tab index to take the focus).
 */
const FOCUSABLE =
  'a[href], button, input, select, textarea, [tabindex], [contenteditable]:not([contenteditable="false"])';

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

/** The attribute that marks the root of a panel kept by {@link useFocusKeeper}. */
export const PANEL_ATTRIBUTE = 'data-keep-focus-panel';

/**
 * What tells a control from the others of its panel: its kind, role and name. The words of a
 * text field or an editor are left out (they change as the user types); a button's are its name.
 */
export function controlSignature(element: Element): string {
  const typed = element.matches(
    'input, textarea, [contenteditable]:not([contenteditable="false"])',
  );
  const words = typed ? '' : (element.textContent ?? '').trim().slice(0, 80);
  return [
    element.tagName,
    element.getAttribute('role') ?? '',
    element.getAttribute('aria-label') ?? '',
    words,
  ].join('|');
}

/**
 * The control at `place` in the rebuilt panel if it is still the same control, else the panel's
 * first control that is: something shown meanwhile (a conflict's choices above the editor) moves
 * the places after it, and the focus must never land on a button the user did not pick.
 */
export function sameControl(
  page: Document,
  place: FocusPlace,
  control: string,
): HTMLElement | undefined {
  const there = elementAt(page.documentElement, PANEL_ATTRIBUTE, place);
  if (there !== undefined && controlSignature(there) === control) return there;
  const panel = elementAt(page.documentElement, PANEL_ATTRIBUTE, { ...place, control: -1 });
  return [...(panel?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].find(
    (candidate) => controlSignature(candidate) === control,
  );
}

/** What {@link useFocusKeeper} gives a panel built anew in another form now and then. */
export type FocusKeeper = {
  /** Spread on the panel's root element, in each of its forms. */
  readonly rootProps: { readonly [PANEL_ATTRIBUTE]: string };
  /** Gives the focus back to its place if a rebuild dropped it (see {@link KeptFocusRestorer}). */
  readonly restore: () => void;
};

/**
 * Keeps the keyboard focus in a panel whose elements are built anew: Existing photos' editor is
 * a region beside the grid on a wide window and a modal dialog over it on a narrow one, so a
 * window resized across that line (or a screenshot tool that resizes it for a moment) replaces
 * every element of the panel. The browser sends the focus of the removed ones to the page's body,
 * where Escape no longer reaches the panel and the next Tab starts over at the top of the window.
 * This notes which control inside the panel has the focus (its place among the panel's focusable
 * elements, and its kind and name); once the new panel is in the page, {@link KeptFocusRestorer}
 * gives the same control the focus back ({@link sameControl}), or `fallback` when it is gone.
 * Only a focus the rebuild dropped comes back: one the user moved out of the panel stays there.
 */
export function useFocusKeeper(fallback: RefObject<HTMLElement | null>): FocusKeeper {
  const id = useId();
  const kept = useRef<{ readonly place: FocusPlace; readonly control: string }>(undefined);
  useEffect(() => {
    const page = fallback.current?.ownerDocument ?? document;
    const note = (focused: EventTarget | null) => {
      const place =
        focused instanceof Element
          ? focusPlace(page.documentElement, PANEL_ATTRIBUTE, focused)
          : undefined;
      kept.current =
        place?.item === id && focused instanceof Element
          ? { place, control: controlSignature(focused) }
          : undefined;
    };
    // The panel may have taken the focus as it opened, before this listener was there.
    note(page.activeElement);
    // On the document, not the panel: the panel's root is what a rebuild replaces.
    const focusIn = (event: FocusEvent) => note(event.target);
    const focusOut = (event: FocusEvent) => {
      const target = event.target;
      // A blur to nowhere whose element stays in the page (a click on a blank spot): the user's.
      // A rebuild's removed element is out of the page, or has the focus back, by then.
      if (event.relatedTarget === null)
        queueMicrotask(() => {
          if (target instanceof Node && target.isConnected && page.activeElement === page.body)
            kept.current = undefined;
        });
    };
    page.addEventListener('focusin', focusIn);
    page.addEventListener('focusout', focusOut);
    return () => {
      page.removeEventListener('focusin', focusIn);
      page.removeEventListener('focusout', focusOut);
    };
  }, [id, fallback]);
  const restore = useCallback(() => {
    const held = kept.current;
    const page = fallback.current?.ownerDocument;
    if (held === undefined || page === undefined) return;
    // Only a focus the rebuild dropped: one on an element was put there by someone.
    const active = page.activeElement;
    if (active !== null && active !== page.body) return;
    const target = sameControl(page, held.place, held.control);
    target?.focus({ preventScroll: true });
    if (target === undefined || page.activeElement !== target)
      fallback.current?.focus({ preventScroll: true });
  }, [fallback]);
  return useMemo(() => ({ rootProps: { [PANEL_ATTRIBUTE]: id }, restore }), [id, restore]);
}

/**
 * Put last inside a panel kept by {@link useFocusKeeper}, in each of its forms: it mounts with
 * each build of the panel, after the controls before it (a rich-text editor puts its own element
 * in the page as it mounts), and gives the focus back then. Inside the rebuilt part, not beside
 * it, so it runs again whenever React undoes and redoes that part's effects (as strict mode does,
 * and a part of the page kept hidden and shown again would); the editor takes its element out
 * of the page and back in each time.
 *
 * Twice, as a layout effect and as a passive one (the second does nothing if the first worked):
 * - the layout effect comes before React Aria's dialog focuses itself (a passive effect of the
 *   new dialog), so from a region to a dialog the focus is inside already and stays there;
 * - from a dialog back to a region, the dialog's overlay may still hold the rest of the window
 *   inert during the layout effects (it lifts that in its passive cleanup), and an inert control
 *   refuses the focus. React runs the removed dialog's passive cleanups before the new region's
 *   passive effects, so the second try finds the region focusable.
 */
export function KeptFocusRestorer({ keeper }: { readonly keeper: FocusKeeper }): null {
  useLayoutEffect(() => keeper.restore(), [keeper]);
  useEffect(() => keeper.restore(), [keeper]);
  return null;
}
