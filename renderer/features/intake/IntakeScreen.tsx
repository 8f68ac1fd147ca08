import { type DragEvent, type FormEvent, useMemo, useState } from 'react';
import type { IntakeItemView } from '../../../shared/ipc/views';
import { call, type IntakeState, useBridge } from '../../bridge/hooks';
import { captureWords, ruleBadges } from './capture-words';

function ItemRow({
  item,
  thumbnail,
}: {
  readonly item: IntakeItemView;
  readonly thumbnail: string;
}) {
  const name = item.path.split(/[\\/]/).pop() ?? item.path;
  if (item.status !== 'photo')
    return (
      <li className="intake-item skipped" data-status={item.status}>
        <span className="thumb placeholder" aria-hidden="true" />
        <span className="name" title={item.path}>
          {name}
        </span>
        <span className="detail">{item.reason}</span>
      </li>
    );
  return (
    <li className="intake-item" data-status="photo">
      <img className="thumb" src={thumbnail} alt="" loading="lazy" />
      <span className="name" title={item.path}>
        {name}
      </span>
      <span className="detail">
        {captureWords(item)} <span className="badge">{ruleBadges[item.capture.rule]}</span>
        {item.coordinates ? (
          <span className="badge" title={`${item.coordinates.lat}, ${item.coordinates.lon}`}>
            GPS
          </span>
        ) : null}
        {item.duplicateOf ? (
          <span className="badge warn">
            {item.duplicateOf.kind === 'in-this-batch'
              ? 'duplicate in this drop'
              : 'already uploaded'}
          </span>
        ) : null}
      </span>
    </li>
  );
}

/** Drop or choose photos, review what intake found, and queue them with the batch's details. */
export function IntakeScreen({
  intake,
  assumedZone,
  onQueued,
}: {
  readonly intake: IntakeState;
  readonly assumedZone: string;
  readonly onQueued: () => void;
}) {
  const bridge = useBridge();
  const [projectId, setProjectId] = useState('');
  const [description, setDescription] = useState('');
  const [internal, setInternal] = useState(false);
  const [message, setMessage] = useState<string>();
  const uploadable = useMemo(
    () =>
      intake.items.filter(
        (item) => item.status === 'photo' && item.duplicateOf?.kind !== 'in-this-batch',
      ),
    [intake.items],
  );

  const add = (paths: readonly string[]) => {
    if (paths.length === 0) return;
    setMessage(undefined);
    intake.add(paths, assumedZone).catch((error: Error) => setMessage(error.message));
  };
  const choose = (kind: 'files' | 'folder') => {
    call(bridge, 'intake:choose', { kind })
      .then((chosen) => add(chosen.paths))
      .catch((error: Error) => setMessage(error.message));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    const paths = [...event.dataTransfer.files].map((file) => bridge.pathForFile(file));
    if (paths.some((path) => path === ''))
      setMessage('These files could not be located; use “Choose folder…” instead.');
    add(paths.filter((path) => path !== ''));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    call(bridge, 'queue:add-photos', {
      intakeIds: uploadable.map((item) => item.intakeId),
      projectId: projectId.trim(),
      description,
      internal,
    })
      .then((queued) => {
        setMessage(
          `Queued ${queued.added} photos${queued.alreadyQueued ? ` (${queued.alreadyQueued} were already queued)` : ''}.`,
        );
        intake.clear();
        onQueued();
      })
      .catch((error: Error) => setMessage(error.message));
  };

  const progress = intake.progress;
  return (
    <section aria-label="Add photos" onDragOver={(event) => event.preventDefault()} onDrop={drop}>
      <div className="drop-zone">
        <p>Drop photos or folders anywhere in this window, or</p>
        <button type="button" onClick={() => choose('folder')}>
          Choose folder…
        </button>{' '}
        <button type="button" onClick={() => choose('files')}>
          Choose files…
        </button>
      </div>
      {progress ? (
        <p role="status" className="intake-progress">
          {progress.done ? 'Done: ' : 'Reading… '}
          {progress.photos} photos, {progress.skipped} skipped, {progress.errors} unreadable
        </p>
      ) : null}
      {message ? <p role="alert">{message}</p> : null}
      {intake.items.length > 0 ? (
        <ul className="intake-list" aria-label="Photos found">
          {intake.items.map((item) => (
            <ItemRow
              key={item.intakeId}
              item={item}
              thumbnail={item.status === 'photo' ? bridge.thumbnailUrl(item.md5) : ''}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">No photos yet. Add a folder of photos to begin.</p>
      )}
      <form className="batch" onSubmit={submit} aria-label="Batch details">
        <label>
          Project id
          <input
            value={projectId}
            onChange={(event) => setProjectId(event.target.value)}
            required
          />
        </label>
        <label>
          Description
          <textarea
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            rows={3}
          />
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={internal}
            onChange={(event) => setInternal(event.target.checked)}
          />{' '}
          Internal (not shown to clients)
        </label>
        <button type="submit" className="primary" disabled={uploadable.length === 0}>
          Upload {uploadable.length} photos
        </button>
      </form>
    </section>
  );
}
