import { Download, Inbox, Pause, Play, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { QueueSnapshotView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { VirtualList } from '../../components/VirtualList';
import { groupQueue, type QueueGroup, visibleRows } from './queue-groups';
import { GroupHeader, type ItemActions, ItemRow } from './QueueRows';
import './queue.css';
import type { Translate } from '../../../shared/i18n/translator';
import { useErrorWords } from '../../i18n/use-error-words';
import { useT, useWords } from '../../i18n/use-t';

/** Group headers and items share one height: the virtual list places rows by index. */
const ROW_HEIGHT = 64;

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

/** Offers a report as a file download (the app saves it where the user chooses). */
function download(fileName: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The upload queue: its batches, each item in words, and the actions on them. */
export function QueueScreen({ queue }: { readonly queue: QueueSnapshotView | undefined }) {
  const bridge = useBridge();
  const t = useT();
  const words = useWords();
  const errorWords = useErrorWords();
  const [error, setError] = useState<string>();
  const items = queue?.items;
  const rows = useMemo(() => (items === undefined ? [] : groupQueue(items)), [items]);
  // Batches the user folded, by key: only their header shows.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => visibleRows(rows, collapsed), [rows, collapsed]);
  const toggle = useCallback((group: QueueGroup) => {
    setCollapsed((before) => {
      const after = new Set(before);
      if (!after.delete(group.key)) after.add(group.key);
      return after;
    });
  }, []);
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
    work.catch((failure: unknown) => setError(errorWords(failure)));
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
  return (
    <section aria-labelledby="queue-heading" className="queue-screen">
      <h2 id="queue-heading">{t('queue.heading')}</h2>
      {/* The run's progress is the shell's bar (RunProgress), over every screen: not again here. */}
      <div className="toolbar queue-toolbar" role="group" aria-label={t('queue.actions.label')}>
        {queue.pausedAll ? (
          <>
            <span className="muted">{t('queue.pausedAll')}</span>
            <button type="button" onClick={() => act(call(bridge, 'queue:resume', {}))}>
              <Play size={16} aria-hidden="true" focusable="false" />
              {t('queue.resumeAll')}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => act(call(bridge, 'queue:pause', {}))}>
            <Pause size={16} aria-hidden="true" focusable="false" />
            {t('queue.pauseAll')}
          </button>
        )}
        <button type="button" onClick={() => act(call(bridge, 'queue:retry', {}))}>
          <RotateCcw size={16} aria-hidden="true" focusable="false" />
          {t('queue.retryFailed')}
        </button>
        <span className="toolbar-end">
          <button type="button" className="quiet" onClick={() => exportReport('csv')}>
            <Download size={16} aria-hidden="true" focusable="false" />
            {t('queue.export.csv')}
          </button>
          <button type="button" className="quiet" onClick={() => exportReport('json')}>
            <Download size={16} aria-hidden="true" focusable="false" />
            {t('queue.export.json')}
          </button>
        </span>
      </div>
      {queue.hoursWait !== undefined ? (
        <p className="muted queue-hours" role="status">
          {words(queue.hoursWait)}
        </p>
      ) : null}
      {/* A failed action says so here, next to the actions (and the rows) it came from. */}
      {error ? (
        <p role="alert" className="queue-error">
          {error}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <div className="queue-empty">
          <Inbox size={32} aria-hidden="true" focusable="false" />
          <p className="empty-title">{t('queue.empty')}</p>
          <p className="muted">{t('queue.emptyHint')}</p>
        </div>
      ) : (
        <VirtualList
          items={shown}
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
                collapsed={collapsed.has(row.group.key)}
                onToggle={toggle}
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
