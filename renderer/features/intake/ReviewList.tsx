import { type CSSProperties, useEffect, useState } from 'react';
import type { IntakeItemView, ServiceCopyView } from '../../../shared/ipc/views';
import { VirtualList } from '../../components/VirtualList';
import { captureWords, ruleBadges } from './capture-words';

const ROW_HEIGHT = 64;
/**
 * A row asks for its thumbnail only once it has stayed in view this long: rows that fly past in
 * a fast scroll never make main (or the bridge host) render a thumbnail nobody sees.
 */
const THUMBNAIL_DELAY_MS = 120;

/** False until `delay` ms after the component first rendered. */
function useSettled(delay: number): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return settled;
}

function Row({
  item,
  thumbnail,
  selected,
  hasOwnDescription,
  serviceCopy,
  onToggle,
  style,
  position,
}: {
  /** The same photo already on the service, if any. */
  readonly serviceCopy: ServiceCopyView | undefined;
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
  const settled = useSettled(THUMBNAIL_DELAY_MS);
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
      {item.status === 'photo' && settled ? (
        <img className="thumb" src={thumbnail} alt="" decoding="async" />
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
          {serviceCopy ? (
            <span className="badge warn">
              {serviceCopy.inChosenProject
                ? `Already on the service (photo ${serviceCopy.photoId})`
                : `Already on the service in another project (photo ${serviceCopy.photoId})`}
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

/** The intake results, virtualized: ten thousand photos scroll as smoothly as ten. */
export function ReviewList({
  items,
  selected,
  overrides,
  serviceCopies = new Map(),
  thumbnailUrl,
  onToggle,
}: {
  readonly items: readonly IntakeItemView[];
  /** Photos already on the service, by intake id. */
  readonly serviceCopies?: ReadonlyMap<number, ServiceCopyView>;
  readonly selected: ReadonlySet<number>;
  readonly overrides: ReadonlyMap<number, string>;
  readonly thumbnailUrl: (md5: string) => string;
  readonly onToggle: (intakeId: number, extend: boolean) => void;
}) {
  return (
    <VirtualList
      items={items}
      rowHeight={ROW_HEIGHT}
      label="Photos found"
      className="intake-list"
      getKey={(item) => item.intakeId}
      renderRow={(item, place) => (
        <Row
          key={item.intakeId}
          style={place.style}
          position={{ index: place.index, count: place.count }}
          item={item}
          thumbnail={item.status === 'photo' ? thumbnailUrl(item.md5) : ''}
          selected={selected.has(item.intakeId)}
          hasOwnDescription={overrides.has(item.intakeId)}
          serviceCopy={serviceCopies.get(item.intakeId)}
          onToggle={onToggle}
        />
      )}
    />
  );
}
