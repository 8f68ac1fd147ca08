import { useMemo } from 'react';
import { type Uploader, uploaderKey, uploaderName } from '../../../shared/domain/photo-match';
import { useT } from '../../i18n/use-t';
import { type ChoiceOption, ChoiceSelect } from '../../components/ui/ChoiceSelect';
import { isFiltering, type PhotoFilter, UPLOADER_UNSTATED } from './photo-filter';

/** The uploaders the loaded photos name, and how many of them do not say (`uploadersOf`). */
export type UploaderChoices = {
  readonly uploaders: readonly Uploader[];
  readonly unstated: number;
};

/**
 * The date range, description words, tag and uploader that narrow the Existing photos grid. The
 * tags and uploaders offered are those of the photos loaded; the service's list cannot filter by
 * either, so while more pages wait on the service, it says that only the loaded ones are searched.
 */
export function PhotoFilters({
  filter,
  onChange,
  shown,
  total,
  tags,
  uploaders,
  more,
}: {
  readonly filter: PhotoFilter;
  readonly onChange: (filter: PhotoFilter) => void;
  /** How many photos the filter keeps, and of how many loaded. */
  readonly shown: number;
  readonly total: number;
  /** The tags of the loaded photos (`tagsOf`). */
  readonly tags: readonly string[];
  readonly uploaders: UploaderChoices;
  /** The service has more pages than are loaded. */
  readonly more: boolean;
}) {
  const t = useT();
  const tagChoices = useMemo<ChoiceOption[]>(
    () =>
      tags.length === 0
        ? [{ id: '', name: t('photos.filter.noTags') }]
        : [
            { id: '', name: t('photos.filter.anyTag') },
            ...tags.map((tag) => ({ id: tag, name: tag })),
          ],
    [tags, t],
  );
  const uploaderChoices = useMemo<ChoiceOption[]>(() => {
    const unstated = { id: UPLOADER_UNSTATED, name: t('photos.filter.uploaderUnstated') };
    // No loaded photo says who uploaded it: the filter says so instead of offering nobody.
    if (uploaders.uploaders.length === 0) return [{ ...unstated, id: '' }];
    return [
      { id: '', name: t('photos.filter.anyone') },
      ...uploaders.uploaders.map((uploader) => ({
        id: uploaderKey(uploader),
        name: uploaderName(uploader),
      })),
      ...(uploaders.unstated > 0 ? [unstated] : []),
    ];
  }, [uploaders, t]);
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
      <ChoiceSelect
        compact
        className="filter-tag"
        label={t('photos.filter.tag')}
        options={tagChoices}
        value={filter.tag}
        onChange={(tag) => onChange({ ...filter, tag })}
        isDisabled={tags.length === 0}
      />
      <ChoiceSelect
        compact
        className="filter-uploader"
        label={t('photos.filter.uploader')}
        options={uploaderChoices}
        value={filter.uploader}
        onChange={(uploader) => onChange({ ...filter, uploader })}
        isDisabled={uploaders.uploaders.length === 0}
      />
      <span className="muted filter-count" aria-live="polite">
        {t('photos.filter.count', { filtered: shown === total ? 'all' : 'some', shown, total })}
      </span>
      {more && isFiltering(filter) ? (
        <p className="muted filter-scope">{t('photos.filter.loadedOnly')}</p>
      ) : null}
    </div>
  );
}
