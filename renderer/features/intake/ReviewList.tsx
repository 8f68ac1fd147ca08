import { type CSSProperties, useEffect, useState } from 'react';
import type { IntakeItemView, ServiceCopyView } from '../../../shared/ipc/views';
import { VirtualList } from '../../components/VirtualList';
import { PhotoOwnTags } from '../tags/PhotoOwnTags';
import { captureWords, correctionWords, ruleBadges } from './capture-words';
import { FarBadge } from './FarPhotos';
import type { FarFlag } from './use-far-photos';
import { formatClockOffset } from '../../../shared/domain/clock-offset-words';

const ROW_HEIGHT = 64;
const NO_TAGS: readonly string[] = [];
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
  ownTags,
  serviceCopy,
  farFlag,
  onToggle,
  onRemoveOwnTag,
  style,
  position,
}: {
  /** Taken far from the chosen project, if so. */
  readonly farFlag?: FarFlag | undefined;
  /** The same photo already on the service, if any. */
  readonly serviceCopy: ServiceCopyView | undefined;
  readonly style: CSSProperties;
  /** Where the row is in the whole list (only the rows in view exist in the page). */
  readonly position: { readonly index: number; readonly count: number };
  readonly item: IntakeItemView;
  readonly thumbnail: string;
  readonly selected: boolean;
  readonly hasOwnDescription: boolean;
  /** The tags given to this photo only ("Tags for selected…"). */
  readonly ownTags: readonly string[];
  readonly onToggle: (intakeId: number, extend: boolean) => void;
  readonly onRemoveOwnTag: (intakeId: number, tag: string) => void;
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
          {item.capture.correction ? (
            <>
              <del aria-label="Camera time before correction">{correctionWords(item)}</del>
              {' → '}
            </>
          ) : null}
          {captureWords(item)}{' '}
          <span className={`badge rule-${item.capture.rule}`}>{ruleBadges[item.capture.rule]}</span>
          {item.capture.correction ? (
            <span className="badge" title="The camera's clock offset was applied">
              corrected {formatClockOffset(item.capture.correction.offsetSeconds)}
            </span>
          ) : null}
          {item.coordinates ? (
            <span className="badge" title={`${item.coordinates.lat}, ${item.coordinates.lon}`}>
              GPS {item.coordinates.lat.toFixed(4)}, {item.coordinates.lon.toFixed(4)}
            </span>
          ) : (
            <span className="badge quiet">no GPS</span>
          )}
          {farFlag ? <FarBadge flag={farFlag} /> : null}
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
      <PhotoOwnTags
        photoName={name}
        tags={ownTags}
        onRemove={(tag) => onRemoveOwnTag(item.intakeId, tag)}
      />
    </li>
  );
}

/** The intake results, virtualized: ten thousand photos scroll as smoothly as ten. */
export function ReviewList({
  items,
  selected,
  overrides,
  serviceCopies = new Map(),
  ownTags = new Map(),
  thumbnailUrl,
  onToggle,
  onRemoveOwnTag = () => undefined,
  far,
}: {
  /** Photos taken far from the chosen project, by intake id. */
  readonly far?: ReadonlyMap<number, FarFlag>;
  readonly items: readonly IntakeItemView[];
  /** Photos already on the service, by intake id. */
  readonly serviceCopies?: ReadonlyMap<number, ServiceCopyView>;
  readonly selected: ReadonlySet<number>;
  readonly overrides: ReadonlyMap<number, string>;
  /** Each photo's own tags, by intake id: shown on its row, each removable there. */
  readonly ownTags?: ReadonlyMap<number, readonly string[]>;
  readonly thumbnailUrl: (md5: string) => string;
  readonly onToggle: (intakeId: number, extend: boolean) => void;
  /** Removes one of a photo's own tags (its row's remove button). */
  readonly onRemoveOwnTag?: (intakeId: number, tag: string) => void;
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
          ownTags={ownTags.get(item.intakeId) ?? NO_TAGS}
          serviceCopy={serviceCopies.get(item.intakeId)}
          farFlag={far?.get(item.intakeId)}
          onToggle={onToggle}
          onRemoveOwnTag={onRemoveOwnTag}
        />
      )}
    />
  );
}
