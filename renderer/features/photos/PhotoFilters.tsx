import type { PhotoFilter } from './photo-filter';
import { PHOTOS, plural } from '../../../shared/domain/plural';

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
  return (
    <div className="photo-filters" role="search" aria-label="Filter the photos">
      <label>
        Taken from
        <input
          type="date"
          value={filter.from}
          onChange={(event) => onChange({ ...filter, from: event.target.value })}
        />
      </label>
      <label>
        Taken until
        <input
          type="date"
          value={filter.to}
          onChange={(event) => onChange({ ...filter, to: event.target.value })}
        />
      </label>
      <label className="filter-text">
        Description contains
        <input
          type="search"
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </label>
      <span className="muted" aria-live="polite">
        {shown === total ? plural(total, PHOTOS) : `${shown} of ${plural(total, PHOTOS)}`}
      </span>
    </div>
  );
}
