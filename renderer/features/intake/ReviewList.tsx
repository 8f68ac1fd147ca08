import { X } from 'lucide-react';
import { memo, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import type { IntakeItemView, ServiceCopyView } from '../../../shared/ipc/views';
import { rowStyle, VirtualList } from '../../components/VirtualList';
import { PhotoOwnTags } from '../tags/PhotoOwnTags';
import { useT, useWords } from '../../i18n/use-t';
import { captureTimeWords, captureWords, uncorrectedTimeWords } from './capture-words';
import { checkPhoto } from './review-selection';
import {
  fileName,
  handleSelectionKey,
  type ReviewViewProps,
  selectionAfterClick,
  SIGNS,
  THUMBNAIL_DELAY_MS,
  useSettled,
} from './review-view';
import './review.css';
import type { FarFlag } from './use-far-photos';
import { PhotoBadges } from './PhotoBadges';
import { SkippedBadge } from './SkippedBadge';

/**
 * Room for the name, the time and two lines of badges: a narrow list (beside the map, at 200 %
 * zoom) wraps the badges rather than cutting them off.
 */
const ROW_HEIGHT = 128;
const NO_TAGS: readonly string[] = [];

/** One photo's row (memoized: a scroll that does not change a row's props leaves it alone). */
const Row = memo(function Row({
  item,
  thumbnail,
  selected,
  hasOwnDescription,
  ownTags,
  serviceCopy,
  farFlag,
  onToggle,
  onClick,
  onRemoveOwnTag,
  onLeaveOut,
  start,
  index,
  count,
  focused,
}: {
  /** Taken far from the chosen project, if so. */
  readonly farFlag?: FarFlag | undefined;
  /** The same photo already on the service, if any. */
  readonly serviceCopy: ServiceCopyView | undefined;
  /** The row's offset from the list's top, in px. */
  readonly start: number;
  /** Where the row is in the whole list (only the rows in view exist in the page). */
  readonly index: number;
  readonly count: number;
  /** Whether the row is the list's one Tab stop. */
  readonly focused: boolean;
  readonly item: IntakeItemView;
  readonly thumbnail: string;
  readonly selected: boolean;
  readonly hasOwnDescription: boolean;
  /** The tags given to this photo only ("Tags for selected…"). */
  readonly ownTags: readonly string[];
  /** The row's checkbox: flips this photo (with Shift, adds the range from the anchor). */
  readonly onToggle: (intakeId: number, extend: boolean) => void;
  /** A click elsewhere on the row: selects as a click on a grid cell does. */
  readonly onClick: (intakeId: number, event: MouseEvent) => void;
  readonly onRemoveOwnTag: (intakeId: number, tag: string) => void;
  readonly onLeaveOut: (intakeId: number) => void;
}) {
  const t = useT();
  const words = useWords();
  const intl = useIntl();
  const name = fileName(item.path);
  const settled = useSettled(THUMBNAIL_DELAY_MS);
  const uncorrected = item.status === 'photo' ? uncorrectedTimeWords(item, intl) : undefined;
  return (
    <li
      className="intake-item"
      data-status={item.status}
      style={rowStyle(start, ROW_HEIGHT)}
      aria-posinset={index + 1}
      aria-setsize={count}
      data-focus-index={index}
      data-selected={selected}
      tabIndex={focused ? 0 : -1}
      onClick={(event) => {
        if (event.target instanceof HTMLElement && event.target.closest('input, button')) return;
        onClick(item.intakeId, event);
      }}
    >
      <input
        type="checkbox"
        aria-label={t('intake.review.selectPhoto', { name })}
        tabIndex={-1}
        checked={selected}
        onChange={(event) =>
          onToggle(
            item.intakeId,
            event.nativeEvent instanceof MouseEvent && event.nativeEvent.shiftKey,
          )
        }
      />
      {item.status === 'photo' && settled ? (
        <img className="thumb" src={thumbnail} alt="" decoding="async" />
      ) : (
        <span className="thumb placeholder" aria-hidden="true" />
      )}
      <span className="row-text">
        <span className="name" title={item.path}>
          {name}
        </span>
        {item.status === 'photo' ? (
          <>
            <span className="row-time">
              {uncorrected ? (
                <>
                  <del aria-label={t('intake.review.uncorrectedTime')}>{words(uncorrected)}</del>
                  {SIGNS.arrow}
                </>
              ) : null}
              <span title={captureWords(item)}>{words(captureTimeWords(item, intl))}</span>
              {item.note ? <span className="muted"> {words(item.note)}</span> : null}
            </span>
            <PhotoBadges
              item={item}
              serviceCopy={serviceCopy}
              farFlag={farFlag}
              hasOwnDescription={hasOwnDescription}
              compact={false}
            />
          </>
        ) : (
          <span className="row-time">
            <SkippedBadge status={item.status} />
            {SIGNS.space}
            <span className="skipped-reason">{words(item.reason)}</span>
          </span>
        )}
      </span>
      <PhotoOwnTags
        photoName={name}
        tags={ownTags}
        onRemove={(tag) => onRemoveOwnTag(item.intakeId, tag)}
      />
      <button
        type="button"
        className="row-leave-out"
        aria-label={t('intake.review.leaveOutPhoto', { name })}
        title={t('intake.review.leaveOutPhoto', { name })}
        onClick={() => onLeaveOut(item.intakeId)}
      >
        <X aria-hidden="true" className="view-icon" />
      </button>
    </li>
  );
});

/**
 * The intake results as a list, virtualized: ten thousand photos scroll as smoothly as ten. One
 * Tab stop; Up/Down move between photos, Space, Shift and Ctrl/Cmd select as in the grid.
 */
export function ReviewList(props: ReviewViewProps) {
  const t = useT();
  const { items, ids, selection, overrides, ownTags, serviceCopies, far, thumbnailUrl } = props;
  const focusIndex = selection.focus === undefined ? -1 : ids.indexOf(selection.focus);
  const onToggle = (intakeId: number, extend: boolean) =>
    props.onSelection(checkPhoto(selection, ids, intakeId, extend));
  const onClick = (intakeId: number, event: MouseEvent) =>
    props.onSelection(selectionAfterClick(props, intakeId, event));
  return (
    <VirtualList
      items={items}
      rowHeight={ROW_HEIGHT}
      label={t('intake.review.photosFound')}
      className="intake-list"
      getKey={(item) => item.intakeId}
      focusIndex={focusIndex === -1 ? undefined : focusIndex}
      onKey={(event) => handleSelectionKey(props, event, 1)}
      renderRow={(item, place) => (
        <Row
          key={item.intakeId}
          start={place.start}
          index={place.index}
          count={place.count}
          focused={place.focused}
          item={item}
          thumbnail={item.status === 'photo' ? thumbnailUrl(item.md5) : ''}
          selected={selection.selected.has(item.intakeId)}
          hasOwnDescription={overrides.has(item.intakeId)}
          ownTags={ownTags.get(item.intakeId) ?? NO_TAGS}
          serviceCopy={serviceCopies.get(item.intakeId)}
          farFlag={far.get(item.intakeId)}
          onToggle={onToggle}
          onClick={onClick}
          onRemoveOwnTag={props.onRemoveOwnTag}
          onLeaveOut={props.onLeaveOut}
        />
      )}
    />
  );
}
