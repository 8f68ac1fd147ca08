import { useVirtualizer } from '@tanstack/react-virtual';
import {
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useKeptFocus } from './keep-focus';
import { useRovingFocus } from './roving-focus';

/** Where a cell stands in the whole grid (only the rows in view exist in the page). */
export type CellPlace = {
  readonly index: number;
  readonly count: number;
  /** 1-based, as `aria-colindex` wants it. */
  readonly column: number;
  /** Whether this cell is the grid's one Tab stop. */
  readonly focused: boolean;
};

/** How many columns of `cellWidth` fit in `width` (at least one). */
export function columnsFor(width: number, cellWidth: number): number {
  return Math.max(1, Math.floor(width / cellWidth));
}

/**
 * A grid of cells whose rows exist in the page only while in view (TanStack Virtual, by rows):
 * as many columns of about `cellWidth` px as fill the width. It is an ARIA grid, one Tab stop:
 * the cell at `focusIndex` (else the first) has tabindex 0, and a key `onKey` handles moves the
 * DOM focus to the new `focusIndex`, scrolling its row into view. A resize keeps the focus on
 * its cell.
 */
export function VirtualGrid<T>({
  items,
  cellWidth,
  rowHeight,
  label,
  className,
  getKey,
  renderCell,
  focusIndex,
  multiselectable,
  onKey,
  onColumns,
}: {
  readonly items: readonly T[];
  readonly cellWidth: number;
  readonly rowHeight: number;
  readonly label: string;
  readonly className: string;
  readonly getKey: (item: T) => string | number;
  /** One cell: an element with role="gridcell", `data-focus-index` and `tabIndex` from `place`. */
  readonly renderCell: (item: T, place: CellPlace) => ReactNode;
  readonly focusIndex: number | undefined;
  readonly multiselectable: boolean;
  /** A key pressed in the grid, with its column count; true when it was handled. */
  readonly onKey: (event: KeyboardEvent<HTMLElement>, columns: number) => boolean;
  /** Told the column count whenever it changes. */
  readonly onColumns?: (columns: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(cellWidth);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null) return undefined;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const columns = columnsFor(width, cellWidth);
  const onColumnsRef = useRef(onColumns);
  onColumnsRef.current = onColumns;
  useLayoutEffect(() => onColumnsRef.current?.(columns), [columns]);
  const rows = Math.ceil(items.length / columns);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 2,
  });
  const keyed = useRovingFocus(scroller, virtualizer, focusIndex, (index) =>
    Math.floor(index / columns),
  );
  // A new column count moves cells to other rows, where React builds them again.
  useKeptFocus(scroller, 'data-focus-index');
  const tabStop = focusIndex !== undefined && focusIndex < items.length ? focusIndex : 0;
  const virtualRows = virtualizer.getVirtualItems();
  const tabStopShown = virtualRows.some((row) => row.index === Math.floor(tabStop / columns));
  return (
    <div
      ref={scroller}
      className="virtual-scroller virtual-grid-scroller"
      role="grid"
      aria-label={label}
      aria-multiselectable={multiselectable}
      aria-rowcount={rows}
      aria-colcount={columns}
      // While the focused cell is scrolled away the grid itself is the Tab stop.
      tabIndex={tabStopShown ? -1 : 0}
      onKeyDown={keyed((event) => onKey(event, columns))}
    >
      <div
        className={className}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualRows.map((row) => {
          const first = row.index * columns;
          const cells = items.slice(first, first + columns);
          return (
            <div
              key={row.index}
              role="row"
              aria-rowindex={row.index + 1}
              className="virtual-grid-row"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: rowHeight,
                display: 'grid',
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                transform: `translateY(${row.start}px)`,
              }}
            >
              {cells.map((item, offset) => (
                <Fragment key={getKey(item)}>
                  {renderCell(item, {
                    index: first + offset,
                    count: items.length,
                    column: offset + 1,
                    focused: first + offset === tabStop,
                  })}
                </Fragment>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
