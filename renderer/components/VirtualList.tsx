import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type KeyboardEvent, type ReactNode, useCallback, useRef } from 'react';
import { useT } from '../i18n/use-t';
import { useRovingFocus } from './roving-focus';

/** Where a row is drawn and where it stands in the whole list. */
export type RowPlace = {
  /** Absolute positioning inside the list; put it on the row's `<li>`. */
  readonly style: CSSProperties;
  /** The row's offset from the list's top in px (`rowStyle(start, height)` gives `style`). */
  readonly start: number;
  readonly index: number;
  readonly count: number;
  /** With `focusIndex` given: whether this row is the list's one Tab stop. */
  readonly focused: boolean;
};

/**
 * A row's absolute position inside a `VirtualList`: what `RowPlace.style` holds, for a row
 * component that takes the offset as a number (so that a scroll that does not move it keeps its
 * props equal and it is not rendered again).
 */
export function rowStyle(start: number, rowHeight: number): CSSProperties {
  return {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    height: rowHeight,
    transform: `translateY(${start}px)`,
  };
}

/**
 * A list whose rows exist in the page only while in view (TanStack Virtual), so ten thousand
 * items scroll as smoothly as ten. Rows are `<li>`s of one `<ul>`, with their position in the
 * whole list announced (`aria-posinset` / `aria-setsize`) by `renderRow`.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  label,
  className,
  getKey,
  renderRow,
  focusIndex,
  onKey,
}: {
  readonly items: readonly T[];
  readonly rowHeight: number;
  readonly label: string;
  readonly className: string;
  readonly getKey: (item: T) => string | number;
  readonly renderRow: (item: T, place: RowPlace) => ReactNode;
  /**
   * Roving focus: the row at this index (else the first) is the Tab stop, and a key `onKey`
   * handles (returning true) moves the DOM focus to the new `focusIndex` (rows carry
   * `data-focus-index`). Without `onKey` the scroller itself is the Tab stop.
   */
  readonly focusIndex?: number | undefined;
  readonly onKey?: (event: KeyboardEvent<HTMLElement>) => boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const t = useT();
  // The virtualizer lays out every row again whenever `getItemKey` is a new function: one made
  // on each render re-measured all 20,000 rows on every scrolled frame. It changes with the
  // items only (`getKey` says how to key, which callers never change, so it is read from a ref).
  const keyOf = useRef(getKey);
  keyOf.current = getKey;
  const getItemKey = useCallback(
    (index: number) => {
      const item = items[index];
      return item === undefined ? index : keyOf.current(item);
    },
    [items],
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    getItemKey,
    overscan: 8,
  });
  const keyed = useRovingFocus(scroller, virtualizer, focusIndex, (index) => index);
  const tabStop = focusIndex !== undefined && focusIndex < items.length ? focusIndex : 0;
  const virtualRows = virtualizer.getVirtualItems();
  // While the focused row is scrolled away (or without roving) the scroller is the Tab stop.
  const scrollerTabStop = onKey === undefined || !virtualRows.some((row) => row.index === tabStop);
  return (
    <div
      ref={scroller}
      className="virtual-scroller"
      tabIndex={scrollerTabStop ? 0 : -1}
      onKeyDown={onKey === undefined ? undefined : keyed(onKey)}
      role="region"
      aria-label={t('list.scrollable', { label })}
    >
      <ul
        className={className}
        aria-label={label}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualRows.map((row) => {
          const item = items[row.index];
          return item === undefined
            ? null
            : renderRow(item, {
                index: row.index,
                count: items.length,
                focused: onKey !== undefined && row.index === tabStop,
                start: row.start,
                style: rowStyle(row.start, rowHeight),
              });
        })}
      </ul>
    </div>
  );
}
