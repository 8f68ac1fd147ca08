import { useState } from 'react';
import type { QueueSnapshotView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { VirtualList } from '../../components/VirtualList';
import { stateWords } from './state-words';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Offers a report as a file download (the app saves it where the user chooses). */
function download(fileName: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The upload queue: progress by stage, each item in words, and the actions on it. */
export function QueueScreen({ queue }: { readonly queue: QueueSnapshotView | undefined }) {
  const bridge = useBridge();
  const [error, setError] = useState<string>();
  if (queue === undefined) return <p className="muted">Loading the queue…</p>;
  const act = (work: Promise<unknown>) => {
    setError(undefined);
    work.catch((failure: Error) => setError(failure.message));
  };
  const exportReport = (format: 'csv' | 'json') =>
    act(
      call(bridge, 'queue:export-report', { format }).then((report) =>
        download(report.fileName, report.mimeType, report.content),
      ),
    );
  const { stages, needsAttention, bytesStaged, bytesTotal, etaSeconds } = queue.progress;
  const total =
    stages.preparing + stages.creating + stages.processing + stages.done + needsAttention;
  const items = [...queue.items].sort((a, b) => b.id - a.id);
  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading">Upload queue</h2>
      <div role="status" className="queue-progress">
        <progress
          max={Math.max(1, total)}
          value={stages.done}
          aria-label={`${stages.done} of ${total} photos uploaded`}
        />
        <ul className="stages">
          <li>
            Uploading the files: <strong>{stages.preparing}</strong> ({megabytes(bytesStaged)} of{' '}
            {megabytes(bytesTotal)} sent)
          </li>
          <li>
            Creating on the service: <strong>{stages.creating}</strong>
          </li>
          <li>
            Processing: <strong>{stages.processing}</strong>
          </li>
          <li>
            Done: <strong>{stages.done}</strong>
          </li>
          <li>
            Need attention: <strong>{needsAttention}</strong>
          </li>
          <li>
            {etaSeconds !== undefined
              ? `About ${Math.ceil(etaSeconds / 60)} min left`
              : total > stages.done + needsAttention
                ? 'Estimating the time left…'
                : 'Nothing left to do'}
          </li>
        </ul>
      </div>
      <div className="toolbar">
        {queue.pausedAll ? (
          <>
            <span className="muted">All uploads are paused, also photos added now.</span>
            <button type="button" onClick={() => act(call(bridge, 'queue:resume', {}))}>
              Resume all
            </button>
          </>
        ) : (
          <button type="button" onClick={() => act(call(bridge, 'queue:pause', {}))}>
            Pause all
          </button>
        )}
        {queue.hoursWait !== undefined ? (
          <span className="muted" role="status">
            {queue.hoursWait}
          </span>
        ) : null}
        <button type="button" onClick={() => act(call(bridge, 'queue:retry', {}))}>
          Retry failed
        </button>
        <button type="button" onClick={() => exportReport('csv')}>
          Export report (CSV)
        </button>
        <button type="button" onClick={() => exportReport('json')}>
          Export report (JSON)
        </button>
      </div>
      {error ? <p role="alert">{error}</p> : null}
      {items.length === 0 ? (
        <p className="muted">Nothing is queued. Add photos, choose a project and press Upload.</p>
      ) : (
        <VirtualList
          items={items}
          rowHeight={48}
          label="Queued items"
          className="queue-list"
          getKey={(item) => item.id}
          renderRow={(item, place) => (
            <li
              key={item.id}
              className="queue-item"
              data-state={item.state}
              style={place.style}
              aria-posinset={place.index + 1}
              aria-setsize={place.count}
            >
              <span className="name" title={item.path ?? item.photoId}>
                {item.kind === 'photo'
                  ? (item.path?.split(/[\\/]/).pop() ?? `Item ${item.id}`)
                  : `Description of photo ${item.photoId ?? ''}`}
              </span>
              <span className="state">{stateWords(item, queue.condition, queue.hoursWait)}</span>
              {item.photoId ? <span className="muted">photo {item.photoId}</span> : null}
              <span className="actions">
                {item.state === 'needs-attention' ? (
                  <button
                    type="button"
                    onClick={() => act(call(bridge, 'queue:retry', { itemId: item.id }))}
                  >
                    Retry
                  </button>
                ) : null}
                {item.state !== 'done' && item.state !== 'cancelled' ? (
                  <>
                    <button
                      type="button"
                      onClick={() =>
                        act(
                          call(bridge, item.paused ? 'queue:resume' : 'queue:pause', {
                            itemId: item.id,
                          }),
                        )
                      }
                    >
                      {item.paused ? 'Resume' : 'Pause'}
                    </button>
                    <button
                      type="button"
                      onClick={() => act(call(bridge, 'queue:cancel', { itemId: item.id }))}
                    >
                      Cancel
                    </button>
                  </>
                ) : null}
              </span>
            </li>
          )}
        />
      )}
    </section>
  );
}
