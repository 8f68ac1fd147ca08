import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { sanitizeDescription } from '../../../shared/description/description-policy';
import type { PhotoView, ProjectView, QueueItemView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { DescriptionEditor } from '../../components/DescriptionEditor';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { ProjectPicker } from '../batch/ProjectPicker';
import { BulkDescriptionEditor } from './BulkDescriptionEditor';
import { useCaptureTimeWords } from './capture-time';
import { PhotoCell } from './PhotoCell';
import { descriptionText, filterPhotos, NO_FILTER, type PhotoFilter } from './photo-filter';
import { PhotoFilters } from './PhotoFilters';
import { PhotoGrid } from './PhotoGrid';
import { clickPhoto, NO_SELECTION, type PhotoSelection, selectAll } from './photo-selection';
import './photos.css';

/**
 * A description edit that waits because the service's description changed meanwhile. Both
 * versions are sanitized again here, whatever main did: this is where they become markup. The
 * choice is the core's `queue:retry` with `resolve`, as the command line's `retry --keep-mine`.
 */
export function Conflict({
  item,
  onDone,
}: {
  readonly item: QueueItemView;
  readonly onDone: () => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const choose = (keep: 'mine' | 'theirs') => () =>
    void call(bridge, 'queue:retry', { itemId: item.id, resolve: { keep } }).then(onDone);
  const keepMine = choose('mine');
  const keepTheirs = choose('theirs');
  return (
    <div className="conflict" role="group" aria-label={t('photos.conflict.label')}>
      <p>{t('photos.conflict.explanation')}</p>
      <div className="versions">
        <div>
          <h4>{t('photos.conflict.yours')}</h4>
          <div
            className="preview"
            dangerouslySetInnerHTML={{ __html: sanitizeDescription(item.description) }}
          />
          <button type="button" onClick={keepMine}>
            {t('photos.conflict.keepMine')}
          </button>
        </div>
        <div>
          <h4>{t('photos.conflict.onService')}</h4>
          <div
            className="preview"
            dangerouslySetInnerHTML={{ __html: sanitizeDescription(item.serviceDescription ?? '') }}
          />
          <button type="button" onClick={keepTheirs}>
            {t('photos.conflict.keepService')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A coordinate as the detail shows it: five decimals (about a metre), no grouping. */
const COORDINATE = {
  minimumFractionDigits: 5,
  maximumFractionDigits: 5,
  useGrouping: false,
} as const;

/** Browse a project's photos on the service and edit their descriptions (queued, so offline too). */
export function ExistingPhotos({ conflicts }: { readonly conflicts: readonly QueueItemView[] }) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const intl = useIntl();
  const timeWords = useCaptureTimeWords();
  const [project, setProject] = useState<ProjectView>();
  const [photos, setPhotos] = useState<readonly PhotoView[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [open, setOpen] = useState<PhotoView>();
  const [draft, setDraft] = useState('');
  // What the next save starts from: the description as opened, then as this user last saved it
  // (their own save is not a change made by someone else).
  const [base, setBase] = useState('');
  const [message, setMessage] = useState<string>();
  const [selection, setSelection] = useState<PhotoSelection>(NO_SELECTION);
  const [filter, setFilter] = useState<PhotoFilter>(NO_FILTER);
  // Each description's plain text once per list, for the filter and the excerpts alike.
  const texts = useMemo(
    () => new Map(photos.map((photo) => [photo.id, descriptionText(photo.description)])),
    [photos],
  );
  const shown = useMemo(
    () => filterPhotos(photos, filter, (photo) => texts.get(photo.id) ?? ''),
    [photos, filter, texts],
  );
  const conflicted = useMemo(
    () => new Set(conflicts.flatMap((item) => (item.photoId ? [item.photoId] : []))),
    [conflicts],
  );

  useEffect(() => {
    setPhotos([]);
    setOpen(undefined);
    setPage(1);
    setSelection(NO_SELECTION);
  }, [project]);
  useEffect(() => {
    if (project === undefined) return;
    call(bridge, 'photos:list', { projectId: project.id, page })
      .then((next) => {
        setPhotos((previous) => (page === 1 ? next.photos : [...previous, ...next.photos]));
        setMore(next.more);
        setMessage(undefined);
      })
      .catch((error: unknown) => setMessage(sayError(error)));
  }, [bridge, project, page]);

  const save = () => {
    if (open === undefined) return;
    call(bridge, 'photos:edit-description', {
      photoId: open.id,
      description: draft,
      baseDescription: base,
    })
      .then((saved) => {
        setBase(saved.description);
        setPhotos((previous) =>
          previous.map((photo) =>
            photo.id === open.id ? { ...photo, description: saved.description } : photo,
          ),
        );
        setMessage(t('photos.detail.saved'));
      })
      .catch((error: unknown) => setMessage(sayError(error)));
  };

  const conflict = open && conflicts.find((item) => item.photoId === open.id);
  // Selection works on what is shown: "Select all" and Shift ranges take the filtered photos.
  const order = shown.map((photo) => photo.id);
  const selected = shown.filter((photo) => selection.selected.has(photo.id));
  const describedAs = (photoId: string, description: string) =>
    setPhotos((previous) =>
      previous.map((photo) => (photo.id === photoId ? { ...photo, description } : photo)),
    );
  return (
    <section aria-labelledby="existing-heading" className="existing">
      <h2 id="existing-heading">{t('photos.heading')}</h2>
      <ProjectPicker project={project} onChange={setProject} />
      {message ? <p role="status">{message}</p> : null}
      {project && photos.length === 0 && !message ? (
        <p className="muted">{t('photos.empty')}</p>
      ) : null}
      {open ? (
        <div
          className="photo-detail"
          role="group"
          aria-label={t('photos.detail.label', { id: open.id })}
        >
          <button type="button" onClick={() => setOpen(undefined)}>
            {t('photos.detail.back')}
          </button>
          {open.hasThumbnail ? (
            <img
              src={bridge.renditionUrl(open.id)}
              alt={t('photos.detail.label', { id: open.id })}
            />
          ) : null}
          <p>
            {open.coordinates
              ? t('photos.detail.takenAt', {
                  time: timeWords(open),
                  lat: intl.formatNumber(open.coordinates.lat, COORDINATE),
                  lon: intl.formatNumber(open.coordinates.lon, COORDINATE),
                })
              : t('photos.detail.taken', { time: timeWords(open) })}
          </p>
          {conflict ? (
            <Conflict item={conflict} onDone={() => setMessage(t('photos.conflict.resolved'))} />
          ) : null}
          <DescriptionEditor
            label={t('photos.detail.description')}
            value={draft}
            onChange={setDraft}
          />
          <button type="button" className="primary" onClick={save}>
            {t('photos.detail.save')}
          </button>
        </div>
      ) : (
        <>
          {photos.length > 0 ? (
            <div className="selection-bar" role="toolbar" aria-label={t('photos.selection.label')}>
              <button type="button" onClick={() => setSelection(selectAll(order))}>
                {t('photos.selection.selectAll')}
              </button>
              <button type="button" onClick={() => setSelection(NO_SELECTION)}>
                {t('photos.selection.clear')}
              </button>
              <span className="muted">
                {t('photos.selection.summary', { count: selected.length })}
              </span>
            </div>
          ) : null}
          {selected.length > 0 ? (
            <BulkDescriptionEditor photos={selected} onSaved={describedAs} onDone={setMessage} />
          ) : null}
          {photos.length > 0 ? (
            <PhotoFilters
              filter={filter}
              onChange={setFilter}
              shown={shown.length}
              total={photos.length}
            />
          ) : null}
          {photos.length > 0 && shown.length === 0 ? (
            <div className="empty-filter" role="status">
              <p>{t('photos.filter.noMatch')}</p>
              <button type="button" onClick={() => setFilter(NO_FILTER)}>
                {t('photos.filter.clear')}
              </button>
            </div>
          ) : null}
          {shown.length > 0 ? (
            <PhotoGrid
              items={shown}
              label={t('photos.grid.label')}
              getKey={(photo) => photo.id}
              renderCell={(photo) => (
                <PhotoCell
                  photo={photo}
                  text={texts.get(photo.id) ?? ''}
                  thumbnailUrl={bridge.renditionUrl(photo.id)}
                  selected={selection.selected.has(photo.id)}
                  conflicted={conflicted.has(photo.id)}
                  onSelect={(shift) =>
                    setSelection((previous) => clickPhoto(previous, order, photo.id, shift))
                  }
                  onOpen={() => {
                    setOpen(photo);
                    setDraft(photo.description);
                    setBase(photo.description);
                    setMessage(undefined);
                  }}
                />
              )}
            />
          ) : null}
        </>
      )}
      {more && !open ? (
        <button type="button" onClick={() => setPage(page + 1)}>
          {t('photos.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
