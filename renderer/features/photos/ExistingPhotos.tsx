import { FolderOpen, Images, RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { tagsOf, uploadersOf } from '../../../shared/domain/photo-match';
import type { PhotoView, ProjectView, QueueItemView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useWindowNarrowerThan } from '../../app/use-narrow-window';
import type { TextRange } from '../../components/DescriptionEditor';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { ProjectPicker } from '../batch/ProjectPicker';
import { BulkDescriptionEditor } from './BulkDescriptionEditor';
import { PhotoCell } from './PhotoCell';
import { PhotoDetail } from './PhotoDetail';
import { descriptionText, filterPhotos, NO_FILTER, type PhotoFilter } from './photo-filter';
import { PhotoFilters } from './PhotoFilters';
import { PhotoGrid } from './PhotoGrid';
import { PhotoPanel } from './PhotoPanel';
import { clickPhoto, NO_SELECTION, type PhotoSelection, selectAll } from './photo-selection';
import './photos.css';
import './photo-cards.css';

/**
 * Under this width (CSS px) the photo's editor lies over the grid, as a modal dialog; photos.css
 * uses the same number in its media queries.
 */
export const PANEL_BESIDE_PX = 1000;

// The conflict's view moved to its own file; tests and callers still find it here.
export { Conflict } from './DescriptionConflict';

/** The open button of the card of `photoId` under `root`, if its row is in the page. */
function cardButton(root: HTMLElement | null, photoId: string): HTMLElement | undefined {
  const cell = [...(root?.querySelectorAll('[data-keep-focus]') ?? [])].find(
    (element) => element.getAttribute('data-keep-focus') === photoId,
  );
  return cell?.querySelector<HTMLElement>('.cell-open') ?? undefined;
}

/** Browse a project's photos on the service and edit their descriptions (queued, so offline too). */
export function ExistingPhotos({ conflicts }: { readonly conflicts: readonly QueueItemView[] }) {
  const bridge = useBridge();
  const t = useT();
  const root = useRef<HTMLElement>(null);
  const sayError = useErrorWords();
  const narrow = useWindowNarrowerThan(PANEL_BESIDE_PX);
  const [project, setProject] = useState<ProjectView>();
  const [photos, setPhotos] = useState<readonly PhotoView[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  // The project whose first page came back: until then its photos are loading, not missing.
  const [listed, setListed] = useState<ProjectView>();
  // Bumped by "Try again" after a failed load: the same page is asked for again.
  const [attempt, setAttempt] = useState(0);
  const [loadError, setLoadError] = useState<string>();
  const [open, setOpen] = useState<PhotoView>();
  // The photo whose card gets the focus back when its panel closes.
  const [closed, setClosed] = useState<string>();
  const [draft, setDraft] = useState('');
  // Where the caret is in the draft: the editor is built anew when its panel changes form.
  const caret = useRef<TextRange>(undefined);
  // What the next save starts from: the description as opened, then as this user last saved it
  // (their own save is not a change made by someone else).
  const [base, setBase] = useState('');
  const [message, setMessage] = useState<string>();
  const [notice, setNotice] = useState<string>();
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
  // What the tag and uploader filters offer: what the loaded photos carry.
  const tags = useMemo(() => tagsOf(photos), [photos]);
  const uploaders = useMemo(() => uploadersOf(photos), [photos]);
  const conflicted = useMemo(
    () => new Set(conflicts.flatMap((item) => (item.photoId ? [item.photoId] : []))),
    [conflicts],
  );

  useEffect(() => {
    setPhotos([]);
    setOpen(undefined);
    setPage(1);
    setSelection(NO_SELECTION);
    setNotice(undefined);
    // Another project has other tags and uploaders: a choice from the last one would hide all.
    setFilter((previous) => ({ ...previous, tag: '', uploader: '' }));
  }, [project]);
  useEffect(() => {
    if (project === undefined) return;
    setLoading(true);
    setLoadError(undefined);
    call(bridge, 'photos:list', { projectId: project.id, page })
      .then((next) => {
        setPhotos((previous) => (page === 1 ? next.photos : [...previous, ...next.photos]));
        setMore(next.more);
        setListed(project);
        setLoadError(undefined);
      })
      .catch((error: unknown) => setLoadError(sayError(error)))
      .finally(() => setLoading(false));
  }, [bridge, project, page, attempt]);
  // What the last bulk edit came to belongs to that selection: a new one starts without it.
  useEffect(() => {
    if (selection.selected.size === 0) setNotice(undefined);
  }, [selection]);
  // A closed panel hands the focus back to the card it was opened from.
  useEffect(() => {
    if (closed === undefined) return;
    cardButton(root.current, closed)?.focus();
    setClosed(undefined);
  }, [closed]);

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
  const close = () => {
    if (open !== undefined) setClosed(open.id);
    setOpen(undefined);
  };

  const conflict = open && conflicts.find((item) => item.photoId === open.id);
  // Selection works on what is shown: "Select all" and Shift ranges take the filtered photos.
  const order = shown.map((photo) => photo.id);
  const selected = shown.filter((photo) => selection.selected.has(photo.id));
  const describedAs = (photoId: string, description: string) =>
    setPhotos((previous) =>
      previous.map((photo) => (photo.id === photoId ? { ...photo, description } : photo)),
    );
  const loaded = project !== undefined && listed === project && loadError === undefined;
  const panel = open ? (
    <PhotoPanel
      key={open.id}
      heading={t('photos.detail.heading')}
      closeLabel={t('photos.detail.back')}
      onClose={close}
      takeFocus
      modal={narrow}
    >
      <PhotoDetail
        photo={open}
        conflict={conflict}
        draft={draft}
        onDraft={setDraft}
        onSave={save}
        message={message}
        onConflictDone={() => setMessage(t('photos.conflict.resolved'))}
        caret={caret}
      />
    </PhotoPanel>
  ) : selected.length > 0 ? (
    <PhotoPanel
      heading={t('photos.bulk.heading', { count: selected.length })}
      closeLabel={t('photos.bulk.close')}
      onClose={() => setSelection(NO_SELECTION)}
      takeFocus={false}
    >
      <BulkDescriptionEditor photos={selected} onSaved={describedAs} onDone={setNotice} />
      <p role="status" className="detail-message">
        {notice}
      </p>
    </PhotoPanel>
  ) : null;
  return (
    <section ref={root} aria-labelledby="existing-heading" className="existing">
      <h2 id="existing-heading">{t('photos.heading')}</h2>
      <div className="existing-project">
        <ProjectPicker project={project} onChange={setProject} />
      </div>
      {project === undefined ? (
        <div className="empty-state">
          <FolderOpen aria-hidden="true" className="empty-icon" />
          <p>{t('photos.noProject')}</p>
        </div>
      ) : null}
      {project !== undefined && listed !== project && loadError === undefined ? (
        <p role="status" className="muted">
          {t('photos.loading')}
        </p>
      ) : null}
      {loadError ? (
        <div className="load-error" role="alert">
          <TriangleAlert aria-hidden="true" className="icon" />
          <div>
            <p>{t('photos.loadFailed')}</p>
            <p>{loadError}</p>
          </div>
          <button type="button" onClick={() => setAttempt((previous) => previous + 1)}>
            <RefreshCw aria-hidden="true" className="icon" />
            {t('photos.retry')}
          </button>
        </div>
      ) : null}
      {loaded && !loading && photos.length === 0 ? (
        <div className="empty-state">
          <Images aria-hidden="true" className="empty-icon" />
          <p>{t('photos.empty')}</p>
        </div>
      ) : null}
      {photos.length > 0 ? (
        <div className="photos-toolbar">
          <PhotoFilters
            filter={filter}
            onChange={setFilter}
            shown={shown.length}
            total={photos.length}
            tags={tags}
            uploaders={uploaders}
            more={more}
          />
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
        </div>
      ) : null}
      {photos.length > 0 ? (
        <div className={panel ? 'existing-body with-panel' : 'existing-body'}>
          <div className="existing-main">
            {shown.length === 0 ? (
              <div className="empty-state" role="status">
                <SearchX aria-hidden="true" className="empty-icon" />
                <p>{t('photos.filter.noMatch')}</p>
                <button type="button" onClick={() => setFilter(NO_FILTER)}>
                  {t('photos.filter.clear')}
                </button>
              </div>
            ) : (
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
                    current={open?.id === photo.id}
                    onSelect={(shift) =>
                      setSelection((previous) => clickPhoto(previous, order, photo.id, shift))
                    }
                    onOpen={() => {
                      // The same photo's card again leaves its editor, and its caret, as they are.
                      if (open?.id !== photo.id) caret.current = undefined;
                      setOpen(photo);
                      setDraft(photo.description);
                      setBase(photo.description);
                      setMessage(undefined);
                    }}
                  />
                )}
              />
            )}
            {more ? (
              <button
                type="button"
                className="load-more"
                disabled={loading}
                onClick={() => setPage(page + 1)}
              >
                {t('photos.loadMore')}
              </button>
            ) : null}
          </div>
          {panel}
        </div>
      ) : null}
    </section>
  );
}
