import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { QueueSnapshotView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { VirtualList } from '../../components/VirtualList';
import { groupQueue, type QueueGroup } from './queue-groups';
import { GroupHeader, type ItemActions, ItemRow } from './QueueRows';
import './queue.css';
import type { MessageKey } from '../../../shared/i18n/catalogs';
import { formatFileSize } from '../../../shared/i18n/format-size';
import type { AppLocale } from '../../../shared/i18n/locales';
import type { Translate } from '../../../shared/i18n/translator';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';

/** Group headers and items share one height: the virtual list places rows by index. */
const ROW_HEIGHT = 60;

/** The clock, read again every `everyMs`: relative times ("3 min ago") move on by themselves. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Project names by id, from the recent projects (queuing a batch puts its project there). Asked
 * again only when the queue's set of projects (`projectIds`, joined) changes.
 */
function useProjectNames(projectIds: string): ReadonlyMap<string, string> {
  const bridge = useBridge();
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    if (projectIds === '') return;
    let current = true;
    call(bridge, 'projects:recent', {})
      .then((projects) => {
        if (current) setNames(new Map(projects.map((project) => [project.id, project.name])));
      })
      // Without names the headers say "Project <id>": nothing the user must act on.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [bridge, projectIds]);
  return names;
}

/** What a batch's header calls it. */
function groupName(group: QueueGroup, names: ReadonlyMap<string, string>, t: Translate): string {
  if (group.kind === 'description') return t('queue.group.descriptionEdits');
  if (group.projectId === undefined) return t('queue.group.noProject');
  return names.get(group.projectId) ?? t('queue.group.project', { id: group.projectId });
}

/** A stage's count in bold after its name: "Done: **3**". */
function Stage({ id, count }: { readonly id: MessageKey; readonly count: number }) {
  return (
    <li>
      <FormattedMessage
        id={id}
        values={{ count, b: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
      />
    </li>
  );
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
  const t = useT();
  const sayError = useErrorWords();
  // LocaleProvider gives react-intl one of the app's locales (English for the pseudo-locale).
  const locale = useIntl().locale as AppLocale;
  const [error, setError] = useState<string>();
  const items = queue?.items;
  const rows = useMemo(() => (items === undefined ? [] : groupQueue(items)), [items]);
  const projectIds = useMemo(
    () =>
      [
        ...new Set(
          rows.flatMap((row) =>
            row.type === 'group' && row.group.projectId !== undefined ? [row.group.projectId] : [],
          ),
        ),
      ]
        .sort()
        .join(' '),
    [rows],
  );
  const projectNames = useProjectNames(projectIds);
  const now = useNow(30_000);
  if (queue === undefined) return <p className="muted">{t('queue.loading')}</p>;
  const act = (work: Promise<unknown>) => {
    setError(undefined);
    work.catch((failure: unknown) => setError(sayError(failure)));
  };
  const actions: ItemActions = {
    retry: (item) => act(call(bridge, 'queue:retry', { itemId: item.id })),
    pauseOrResume: (item) =>
      act(call(bridge, item.paused ? 'queue:resume' : 'queue:pause', { itemId: item.id })),
    cancel: (item) => act(call(bridge, 'queue:cancel', { itemId: item.id })),
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
  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading">{t('queue.heading')}</h2>
      <div role="status" className="queue-progress">
        <progress
          max={Math.max(1, total)}
          value={stages.done}
          aria-label={t('queue.progress.label', { done: stages.done, total })}
        />
        <ul className="stages">
          <li>
            <FormattedMessage
              id="queue.stage.uploading"
              values={{
                count: stages.preparing,
                sent: formatFileSize(locale, bytesStaged),
                total: formatFileSize(locale, bytesTotal),
                b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
              }}
            />
          </li>
          <Stage id="queue.stage.creating" count={stages.creating} />
          <Stage id="queue.stage.processing" count={stages.processing} />
          <Stage id="queue.stage.done" count={stages.done} />
          <Stage id="queue.stage.attention" count={needsAttention} />
          <li>
            {etaSeconds !== undefined
              ? t('queue.timeLeft.minutes', { minutes: Math.ceil(etaSeconds / 60) })
              : total > stages.done + needsAttention
                ? t('queue.timeLeft.estimating')
                : t('queue.timeLeft.nothing')}
          </li>
        </ul>
      </div>
      <div className="toolbar">
        {queue.pausedAll ? (
          <>
            <span className="muted">{t('queue.pausedAll')}</span>
            <button type="button" onClick={() => act(call(bridge, 'queue:resume', {}))}>
              {t('queue.resumeAll')}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => act(call(bridge, 'queue:pause', {}))}>
            {t('queue.pauseAll')}
          </button>
        )}
        {queue.hoursWait !== undefined ? (
          <span className="muted" role="status">
            {queue.hoursWait}
          </span>
        ) : null}
        <button type="button" onClick={() => act(call(bridge, 'queue:retry', {}))}>
          {t('queue.retryFailed')}
        </button>
        <button type="button" onClick={() => exportReport('csv')}>
          {t('queue.export.csv')}
        </button>
        <button type="button" onClick={() => exportReport('json')}>
          {t('queue.export.json')}
        </button>
      </div>
      {error ? <p role="alert">{error}</p> : null}
      {rows.length === 0 ? (
        <p className="muted empty-queue">{t('queue.empty')}</p>
      ) : (
        <VirtualList
          items={rows}
          rowHeight={ROW_HEIGHT}
          label={t('queue.list.label')}
          className="queue-list"
          getKey={(row) => (row.type === 'group' ? row.group.key : row.item.id)}
          renderRow={(row, place) =>
            row.type === 'group' ? (
              <GroupHeader
                key={row.group.key}
                group={row.group}
                projectName={groupName(row.group, projectNames, t)}
                now={now}
                place={place}
              />
            ) : (
              <ItemRow
                key={row.item.id}
                item={row.item}
                thumbnailUrl={
                  row.item.kind === 'photo' && row.item.md5 !== undefined
                    ? bridge.thumbnailUrl(row.item.md5)
                    : undefined
                }
                condition={queue.condition}
                hoursWait={queue.hoursWait}
                now={now}
                actions={actions}
                place={place}
              />
            )
          }
        />
      )}
    </section>
  );
}
