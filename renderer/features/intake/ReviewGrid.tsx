import { memo, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import type { IntakeItemView, ServiceCopyView } from '../../../shared/ipc/views';
import { VirtualGrid } from '../../components/VirtualGrid';
import { PhotoOwnTags } from '../tags/PhotoOwnTags';
import { useT, useWords } from '../../i18n/use-t';
import { captureTimeWords } from './capture-words';
import { PhotoBadges } from './PhotoBadges';
import { SkippedBadge } from './SkippedBadge';
import type { FarFlag } from './use-far-photos';
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

/** About 200 px per cell: thumbnails large enough to recognise a wall. */
export const CELL_WIDTH = 200;
const ROW_HEIGHT = 290;
const NO_TAGS: readonly string[] = [];

/** One photo of the grid: its thumbnail (once it stayed in view), name, time and badges. */
const Cell = memo(function Cell({
  item,
  index,
  column,
  focused,
  selected,
  thumbnail,
  hasOwnDescription,
  ownTags,
  serviceCopy,
  farFlag,
  onClick,
  onRemoveOwnTag,
  onLeaveOut,
}: {
  readonly item: IntakeItemView;
  /** Where the cell stands (primitives, so a scroll that moves nothing re-renders no cell). */
  readonly index: number;
  readonly column: number;
  readonly focused: boolean;
  readonly selected: boolean;
  readonly thumbnail: string;
  readonly hasOwnDescription: boolean;
  readonly ownTags: readonly string[];
  readonly serviceCopy: ServiceCopyView | undefined;
  readonly farFlag: FarFlag | undefined;
  readonly onClick: (intakeId: number, event: MouseEvent) => void;
  readonly onRemoveOwnTag: (intakeId: number, tag: string) => void;
  readonly onLeaveOut: (intakeId: number) => void;
}) {
  const t = useT();
  const words = useWords();
  const intl = useIntl();
  const name = fileName(item.path);
  const settled = useSettled(THUMBNAIL_DELAY_MS);
  // The cell is named by its words only, not by the buttons inside it.
  const id = `review-cell-${item.intakeId}`;
  return (
    <div
      role="gridcell"
      aria-labelledby={`${id}-name ${id}-time ${id}-badges`}
      className="review-cell"
      data-status={item.status}
      data-focus-index={index}
      aria-colindex={column}
      aria-selected={selected}
      tabIndex={focused ? 0 : -1}
      onClick={(event) => onClick(item.intakeId, event)}
    >
      {item.status === 'photo' && settled ? (
        <img className="cell-thumb" src={thumbnail} alt="" decoding="async" />
      ) : (
        <span className="cell-thumb placeholder" aria-hidden="true" />
      )}
      <span className="cell-check" aria-hidden="true">
        {selected ? SIGNS.check : null}
      </span>
      <span className="cell-name" id={`${id}-name`} title={item.path}>
        {name}
      </span>
      {item.status === 'photo' ? (
        <>
          <span className="cell-time" id={`${id}-time`}>
            {words(captureTimeWords(item, intl))}
          </span>
          <PhotoBadges
            id={`${id}-badges`}
            item={item}
            serviceCopy={serviceCopy}
            farFlag={farFlag}
            hasOwnDescription={hasOwnDescription}
            compact
          />
        </>
      ) : (
        <>
          <span className="intake-badges" id={`${id}-badges`}>
            <SkippedBadge status={item.status} />
          </span>
          <span className="cell-time skipped-reason" id={`${id}-time`}>
            {words(item.reason)}
          </span>
        </>
      )}
      <PhotoOwnTags
        photoName={name}
        tags={ownTags}
        focusable={false}
        onRemove={(tag) => onRemoveOwnTag(item.intakeId, tag)}
      />
      <button
        type="button"
        className="cell-leave-out"
        tabIndex={-1}
        aria-label={t('intake.review.leaveOutPhoto', { name })}
        title={t('intake.review.leaveOutPhoto', { name })}
        onClick={(event) => {
          event.stopPropagation();
          onLeaveOut(item.intakeId);
        }}
      >
        {SIGNS.remove}
      </button>
    </div>
  );
});

/**
 * The intake results as a grid of thumbnails, virtualized by rows: as many columns as fill the
 * width, one Tab stop, the arrows moving between photos and Space, Shift and Ctrl/Cmd selecting.
 */
export function ReviewGrid(props: ReviewViewProps) {
  const t = useT();
  const { items, selection, overrides, ownTags, serviceCopies, far, thumbnailUrl } = props;
  const focusIndex = selection.focus === undefined ? undefined : props.ids.indexOf(selection.focus);
  const onClick = (intakeId: number, event: MouseEvent) =>
    props.onSelection(selectionAfterClick(props, intakeId, event));
  return (
    <VirtualGrid
      items={items}
      cellWidth={CELL_WIDTH}
      rowHeight={ROW_HEIGHT}
      label={t('intake.review.photosFound')}
      className="review-grid"
      getKey={(item) => item.intakeId}
      focusIndex={focusIndex === -1 ? undefined : focusIndex}
      multiselectable
      onKey={(event, columns) => handleSelectionKey(props, event, columns)}
      renderCell={(item, place) => (
        <Cell
          item={item}
          index={place.index}
          column={place.column}
          focused={place.focused}
          selected={selection.selected.has(item.intakeId)}
          thumbnail={item.status === 'photo' ? thumbnailUrl(item.md5) : ''}
          hasOwnDescription={overrides.has(item.intakeId)}
          ownTags={ownTags.get(item.intakeId) ?? NO_TAGS}
          serviceCopy={serviceCopies.get(item.intakeId)}
          farFlag={far.get(item.intakeId)}
          onClick={onClick}
          onRemoveOwnTag={props.onRemoveOwnTag}
          onLeaveOut={props.onLeaveOut}
        />
      )}
    />
  );
}
