import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type ReactNode, useRef } from 'react';

/** Where a row is drawn and where it stands in the whole list. */
export type RowPlace = {
  /** Absolute positioning inside the list; put it on the row's `<li>`. */
  readonly style: CSSProperties;
  readonly index: number;
  readonly count: number;
};

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
}: {
  readonly items: readonly T[];
  readonly rowHeight: number;
  readonly label: string;
  readonly className: string;
  readonly getKey: (item: T) => string | number;
  readonly renderRow: (item: T, place: RowPlace) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
    overscan: 8,
  });
  return (
    <div
      ref={scroller}
      className="virtual-scroller"
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrollable`}
    >
      <ul
        className={className}
        aria-label={label}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          return item === undefined
            ? null
            : renderRow(item, {
                index: row.index,
                count: items.length,
                style: {
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: rowHeight,
                  transform: `translateY(${row.start}px)`,
                },
              });
        })}
      </ul>
    </div>
  );
}
