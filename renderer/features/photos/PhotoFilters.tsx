import { useT } from '../../i18n/use-t';
import type { PhotoFilter } from './photo-filter';

/** The date range and description words that narrow the Existing photos grid. */
export function PhotoFilters({
  filter,
  onChange,
  shown,
  total,
}: {
  readonly filter: PhotoFilter;
  readonly onChange: (filter: PhotoFilter) => void;
  /** How many photos the filter keeps, and of how many loaded. */
  readonly shown: number;
  readonly total: number;
}) {
  const t = useT();
  return (
    <div className="photo-filters" role="search" aria-label={t('photos.filter.label')}>
      <label>
        {t('photos.filter.from')}
        <input
          type="date"
          value={filter.from}
          onChange={(event) => onChange({ ...filter, from: event.target.value })}
        />
      </label>
      <label>
        {t('photos.filter.until')}
        <input
          type="date"
          value={filter.to}
          onChange={(event) => onChange({ ...filter, to: event.target.value })}
        />
      </label>
      <label className="filter-text">
        {t('photos.filter.description')}
        <input
          type="search"
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </label>
      <span className="muted filter-count" aria-live="polite">
        {t('photos.filter.count', { filtered: shown === total ? 'all' : 'some', shown, total })}
      </span>
    </div>
  );
}
