import { FilePen, Tag, Trash2 } from 'lucide-react';
import { SPACE } from '../../i18n/inline-space';
import { useT } from '../../i18n/use-t';
import { type ReviewLayoutState, ViewSwitch } from './ReviewPhotos';
import { ZoneComboBox } from './ZoneComboBox';

/**
 * Over the review: select all and what can be done to the selected photos, the zone assumed for
 * photos without one, and how the photos are shown (map, grid or list).
 */
export function ReviewToolbar({
  total,
  selectedCount,
  onSelectAll,
  onRemoveSelected,
  onOwnDescription,
  onTagsForSelected,
  zone,
  assumedCount,
  onZoneChange,
  layout,
}: {
  readonly total: number;
  readonly selectedCount: number;
  /** All selected when `all`, none otherwise. */
  readonly onSelectAll: (all: boolean) => void;
  readonly onRemoveSelected: () => void;
  readonly onOwnDescription: () => void;
  readonly onTagsForSelected: () => void;
  readonly zone: string;
  readonly assumedCount: number;
  readonly onZoneChange: (zone: string) => void;
  readonly layout: ReviewLayoutState;
}) {
  const t = useT();
  const allSelected = total > 0 && selectedCount === total;
  const none = selectedCount === 0;
  return (
    <div className="review-toolbar">
      <div className="toolbar selection-actions">
        <label className="inline select-all">
          <input type="checkbox" checked={allSelected} onChange={() => onSelectAll(!allSelected)} />
          {SPACE}
          {t('intake.review.selectAll', { count: selectedCount })}
        </label>
        <button type="button" disabled={none} onClick={onRemoveSelected}>
          <Trash2 aria-hidden="true" className="view-icon" />
          {t('intake.review.removeSelected')}
        </button>
        <button type="button" disabled={none} onClick={onOwnDescription}>
          <FilePen aria-hidden="true" className="view-icon" />
          {t('intake.review.ownDescription')}
        </button>
        <button type="button" disabled={none} onClick={onTagsForSelected}>
          <Tag aria-hidden="true" className="view-icon" />
          {t('intake.review.tagsForSelected')}
        </button>
      </div>
      <div className="review-options">
        <ZoneComboBox zone={zone} assumedCount={assumedCount} onChange={onZoneChange} />
        <ViewSwitch state={layout} />
      </div>
    </div>
  );
}
