import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, useRef } from 'react';
import type { IntakeItemView } from '../../../shared/ipc/views';
import { captureWords, ruleBadges } from './capture-words';

const ROW_HEIGHT = 64;

function Row({
  item,
  thumbnail,
  selected,
  hasOwnDescription,
  onToggle,
  style,
  position,
}: {
  readonly style: CSSProperties;
  /** Where the row is in the whole list (only the rows in view exist in the page). */
  readonly position: { readonly index: number; readonly count: number };
  readonly item: IntakeItemView;
  readonly thumbnail: string;
  readonly selected: boolean;
  readonly hasOwnDescription: boolean;
  readonly onToggle: (intakeId: number, extend: boolean) => void;
}) {
  const name = item.path.split(/[\\/]/).pop() ?? item.path;
  return (
    <li
      className="intake-item"
      data-status={item.status}
      style={style}
      aria-posinset={position.index + 1}
      aria-setsize={position.count}
    >
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        checked={selected}
        onChange={(event) =>
          onToggle(item.intakeId, (event.nativeEvent as MouseEvent).shiftKey === true)
        }
      />
      {item.status === 'photo' ? (
        <img className="thumb" src={thumbnail} alt="" loading="lazy" />
      ) : (
        <span className="thumb placeholder" aria-hidden="true" />
      )}
      <span className="name" title={item.path}>
        {name}
      </span>
      {item.status === 'photo' ? (
        <span className="detail">
          {captureWords(item)}{' '}
          <span className={`badge rule-${item.capture.rule}`}>{ruleBadges[item.capture.rule]}</span>
          {item.coordinates ? (
            <span className="badge" title={`${item.coordinates.lat}, ${item.coordinates.lon}`}>
              GPS {item.coordinates.lat.toFixed(4)}, {item.coordinates.lon.toFixed(4)}
            </span>
          ) : (
            <span className="badge quiet">no GPS</span>
          )}
          {item.duplicateOf ? (
            <span className="badge warn">
              {item.duplicateOf.kind === 'in-this-batch'
                ? 'duplicate in this drop: skipped'
                : 'already uploaded'}
            </span>
          ) : null}
          {hasOwnDescription ? <span className="badge">own description</span> : null}
          {item.note ? <span className="muted"> {item.note}</span> : null}
        </span>
      ) : (
        <span className="detail skipped-reason">{item.reason}</span>
      )}
    </li>
  );
}

/**
 * The intake results as a virtualized list: only the rows in view exist in the page, so ten
 * thousand photos scroll as smoothly as ten.
 */
export function ReviewList({
  items,
  selected,
  overrides,
  thumbnailUrl,
  onToggle,
}: {
  readonly items: readonly IntakeItemView[];
  readonly selected: ReadonlySet<number>;
  readonly overrides: ReadonlyMap<number, string>;
  readonly thumbnailUrl: (md5: string) => string;
  readonly onToggle: (intakeId: number, extend: boolean) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <div
      ref={scroller}
      className="review-scroller"
      tabIndex={0}
      aria-label="Photos found, scrollable"
    >
      <ul
        className="intake-list"
        aria-label="Photos found"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return (
            <Row
              key={item.intakeId}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${row.start}px)`,
              }}
              position={{ index: row.index, count: items.length }}
              item={item}
              thumbnail={item.status === 'photo' ? thumbnailUrl(item.md5) : ''}
              selected={selected.has(item.intakeId)}
              hasOwnDescription={overrides.has(item.intakeId)}
              onToggle={onToggle}
            />
          );
        })}
      </ul>
    </div>
  );
}
