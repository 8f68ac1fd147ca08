import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { useKeptFocus } from '../../components/keep-focus';
import { useT } from '../../i18n/use-t';

/** The narrowest a cell gets: thumbnails stay large enough to recognise a wall. */
const MIN_CELL_WIDTH = 200;
const GAP = 12;
/**
 * A row's height until it is measured: thumbnail, up to three lines of time and of description,
 * tags, and the "Edit description" button. Each row then takes the height of its tallest card, so
 * a row of short descriptions leaves no empty space under them.
 */
export const CELL_HEIGHT = 330;

/** A row's measured height; none (0) where nothing is laid out (jsdom) keeps the estimate. */
function rowHeight(element: Element): number {
  return element.getBoundingClientRect().height || CELL_HEIGHT;
}

/** How many columns of at least `MIN_CELL_WIDTH` fit in `width` pixels (at least one). */
export function columnsFor(width: number): number {
  return Math.max(1, Math.floor((width + GAP) / (MIN_CELL_WIDTH + GAP)));
}

/** The scroller's inner width, followed as the window resizes. */
function useWidth(element: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const target = element.current;
    if (target === null) return;
    setWidth(target.clientWidth);
    // jsdom (component tests) has no ResizeObserver: the first width stands.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(target.clientWidth));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * A grid whose cells exist in the page only while their row is in view (TanStack Virtual over
 * rows of as many columns as fit), so five thousand photos scroll like fifty. It is one list
 * (`role="list"`, cells `role="listitem"` with their place in the whole list); the rows between
 * are layout only. A resize keeps the focus on the control it was on.
 */
export function PhotoGrid<T>({
  items,
  label,
  getKey,
  renderCell,
}: {
  readonly items: readonly T[];
  readonly label: string;
  readonly getKey: (item: T) => string;
  readonly renderCell: (item: T, index: number) => ReactNode;
}) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const columns = columnsFor(useWidth(scroller));
  const rowCount = Math.ceil(items.length / columns);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => CELL_HEIGHT,
    measureElement: rowHeight,
    // Between rows: their measured heights leave the margin out (it only moves every row down).
    gap: GAP,
    overscan: 2,
  });
  // A new column count gives the rows other keys, and React builds their cells again.
  useKeptFocus(scroller, 'data-keep-focus');
  return (
    <div
      ref={scroller}
      className="virtual-scroller photo-grid-scroller"
      tabIndex={0}
      role="region"
      aria-label={t('photos.grid.scrollable', { label })}
    >
      <div
        role="list"
        aria-label={label}
        className="photo-grid"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const first = row.index * columns;
          const cells = items.slice(first, first + columns);
          return (
            <div
              key={cells.map(getKey).join(' ')}
              ref={virtualizer.measureElement}
              data-index={row.index}
              role="none"
              className="photo-grid-row"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${row.start}px)`,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              }}
            >
              {cells.map((item, offset) => (
                <div
                  key={getKey(item)}
                  role="listitem"
                  className="photo-cell"
                  data-keep-focus={getKey(item)}
                  aria-posinset={first + offset + 1}
                  aria-setsize={items.length}
                >
                  {renderCell(item, first + offset)}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
