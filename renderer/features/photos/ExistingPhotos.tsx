import { useEffect, useState } from 'react';
import { sanitizeDescription } from '../../../shared/description/description-policy';
import type { PhotoView, ProjectView, QueueItemView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { DescriptionEditor } from '../../components/DescriptionEditor';
import { ProjectPicker } from '../batch/ProjectPicker';
import { BulkDescriptionEditor } from './BulkDescriptionEditor';
import { clickPhoto, NO_SELECTION, type PhotoSelection, selectAll } from './photo-selection';

function when(capturedAt: number | null): string {
  return capturedAt === null
    ? 'no capture time'
    : new Date(capturedAt * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

/**
 * A description edit that waits because the service's description changed meanwhile. Both
 * versions are sanitized again here, whatever main did: this is where they become markup.
 */
export function Conflict({
  item,
  onDone,
}: {
  readonly item: QueueItemView;
  readonly onDone: () => void;
}) {
  const bridge = useBridge();
  const keepMine = () =>
    void call(bridge, 'photos:edit-description', {
      photoId: item.photoId ?? '',
      description: item.description,
      baseDescription: item.serviceDescription ?? null,
    })
      .then(() => call(bridge, 'queue:cancel', { itemId: item.id }))
      .then(onDone);
  const keepTheirs = () => void call(bridge, 'queue:cancel', { itemId: item.id }).then(onDone);
  return (
    <div className="conflict" role="group" aria-label="Description conflict">
      <p>
        The description of this photo changed on the service after you started editing. Choose which
        one to keep.
      </p>
      <div className="versions">
        <div>
          <h4>Yours</h4>
          <div
            className="preview"
            dangerouslySetInnerHTML={{ __html: sanitizeDescription(item.description) }}
          />
          <button type="button" onClick={keepMine}>
            Keep mine
          </button>
        </div>
        <div>
          <h4>On the service now</h4>
          <div
            className="preview"
            dangerouslySetInnerHTML={{ __html: sanitizeDescription(item.serviceDescription ?? '') }}
          />
          <button type="button" onClick={keepTheirs}>
            Keep the service’s
          </button>
        </div>
      </div>
    </div>
  );
}

/** Browse a project's photos on the service and edit their descriptions (queued, so offline too). */
export function ExistingPhotos({ conflicts }: { readonly conflicts: readonly QueueItemView[] }) {
  const bridge = useBridge();
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
      .catch((error: Error) => setMessage(error.message));
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
        setMessage(
          'Saved. The new description is queued and reaches the service as soon as it can, offline too.',
        );
      })
      .catch((error: Error) => setMessage(error.message));
  };

  const conflict = open && conflicts.find((item) => item.photoId === open.id);
  const order = photos.map((photo) => photo.id);
  const selected = photos.filter((photo) => selection.selected.has(photo.id));
  const describedAs = (photoId: string, description: string) =>
    setPhotos((previous) =>
      previous.map((photo) => (photo.id === photoId ? { ...photo, description } : photo)),
    );
  return (
    <section aria-labelledby="existing-heading" className="existing">
      <h2 id="existing-heading">Existing photos</h2>
      <ProjectPicker project={project} onChange={setProject} />
      {message ? <p role="status">{message}</p> : null}
      {project && photos.length === 0 && !message ? (
        <p className="muted">This project has no photos yet.</p>
      ) : null}
      {open ? (
        <div className="photo-detail" role="group" aria-label={`Photo ${open.id}`}>
          <button type="button" onClick={() => setOpen(undefined)}>
            Back to the photos
          </button>
          {open.hasThumbnail ? (
            <img src={bridge.renditionUrl(open.id)} alt={`Photo ${open.id}`} />
          ) : null}
          <p>
            Taken {when(open.capturedAt)}
            {open.coordinates
              ? ` · GPS ${open.coordinates.lat.toFixed(5)}, ${open.coordinates.lon.toFixed(5)}`
              : ''}
          </p>
          {conflict ? (
            <Conflict item={conflict} onDone={() => setMessage('Conflict resolved.')} />
          ) : null}
          <DescriptionEditor label="Description of this photo" value={draft} onChange={setDraft} />
          <button type="button" className="primary" onClick={save}>
            Save description
          </button>
        </div>
      ) : (
        <>
          {photos.length > 0 ? (
            <div className="selection-bar" role="toolbar" aria-label="Selection">
              <button type="button" onClick={() => setSelection(selectAll(order))}>
                Select all
              </button>
              <button type="button" onClick={() => setSelection(NO_SELECTION)}>
                Clear selection
              </button>
              <span className="muted">
                {selected.length} selected · Shift-click selects a range
              </span>
            </div>
          ) : null}
          {selected.length > 0 ? (
            <BulkDescriptionEditor photos={selected} onSaved={describedAs} onDone={setMessage} />
          ) : null}
          <ul className="photo-grid" aria-label="Photos in this project">
            {photos.map((photo) => (
              <li key={photo.id}>
                <input
                  type="checkbox"
                  aria-label={`Select photo ${photo.id.slice(0, 8)}`}
                  checked={selection.selected.has(photo.id)}
                  // The click, not the change, carries Shift (a range); Space clicks it too.
                  readOnly
                  onClick={(event) =>
                    setSelection((previous) =>
                      clickPhoto(previous, order, photo.id, event.shiftKey),
                    )
                  }
                />
                {conflicts.some((item) => item.photoId === photo.id) ? (
                  <span className="badge warning">Description conflict</span>
                ) : null}
                <button
                  type="button"
                  onClick={() => {
                    setOpen(photo);
                    setDraft(photo.description);
                    setBase(photo.description);
                    setMessage(undefined);
                  }}
                >
                  {photo.hasThumbnail ? (
                    <img src={bridge.renditionUrl(photo.id)} alt="" loading="lazy" />
                  ) : (
                    <span className="thumb placeholder" aria-hidden="true" />
                  )}
                  <span>{when(photo.capturedAt)}</span>
                  <span className="muted">Open photo {photo.id.slice(0, 8)}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {more && !open ? (
        <button type="button" onClick={() => setPage(page + 1)}>
          Load more photos
        </button>
      ) : null}
    </section>
  );
}
