import {
  CircleCheck,
  Clock,
  CloudUpload,
  LogIn,
  Pause,
  TriangleExclamationPoint,
  WifiOff,
} from 'lucide-react';
import { ProgressBar } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { formatFileSize } from '../../shared/i18n/format-size';
import type { AppLocale } from '../../shared/i18n/locales';
import type { QueueSnapshotView } from '../../shared/ipc/views';
import { useT } from '../i18n/use-t';
import type { RunCounts } from './current-run';

/** What the run is doing, as `progress.state` names it. */
export type RunState = 'uploading' | 'paused' | 'offline' | 'signIn' | 'hours' | 'finished';

/** The run's state from its counts and the queue's condition. */
export function runState(counts: RunCounts, queue: QueueSnapshotView): RunState {
  if (counts.unfinished === 0) return 'finished';
  if (queue.pausedAll) return 'paused';
  if (queue.condition === 'offline') return 'offline';
  if (queue.condition === 'needs-sign-in') return 'signIn';
  if (queue.hoursWait !== undefined) return 'hours';
  return 'uploading';
}

/** Time left as `progress.timeLeft` says it: seconds under a minute, hours from an hour on. */
export function timeLeft(seconds: number): { unit: 'second' | 'minute' | 'hour'; count: number } {
  if (seconds < 60) return { unit: 'second', count: Math.max(1, Math.ceil(seconds)) };
  if (seconds < 3600) return { unit: 'minute', count: Math.ceil(seconds / 60) };
  return { unit: 'hour', count: Math.round(seconds / 3600) };
}

const ICONS = {
  uploading: CloudUpload,
  paused: Pause,
  offline: WifiOff,
  signIn: LogIn,
  hours: Clock,
  finished: CircleCheck,
} as const;

/**
 * The run's progress, on every screen (the one bar of the run: the Queue has none of its own):
 * what it is doing, how many photos of how many are done, how many need attention, how much of
 * the files the photo host has and about how long is left, over a bar (React Aria's ProgressBar, its
 * value said as the count). The words stand outside the bar: a progress bar's content is not read.
 */
export function RunProgress({
  counts,
  queue,
}: {
  readonly counts: RunCounts;
  readonly queue: QueueSnapshotView;
}) {
  const t = useT();
  // LocaleProvider gives react-intl one of the app's locales (English for the pseudo-locale).
  const locale = useIntl().locale as AppLocale;
  const state = runState(counts, queue);
  const Icon = ICONS[state];
  const count = t('progress.count', { done: counts.done, total: counts.total });
  const { etaSeconds: eta, bytesStaged, bytesTotal } = queue.progress;
  return (
    <div className="run-progress" data-state={state}>
      <p className="run-words">
        <Icon className="run-icon" aria-hidden size={16} />
        <span className="run-state">{t('progress.state', { state })}</span>
        <span className="run-count">{count}</span>
        {counts.attention > 0 ? (
          <span className="run-attention">
            <TriangleExclamationPoint aria-hidden size={14} />
            {t('progress.attention', { count: counts.attention })}
          </span>
        ) : null}
        {state === 'uploading' && bytesTotal > 0 ? (
          <span className="run-bytes">
            {t('progress.bytes', {
              sent: formatFileSize(locale, bytesStaged),
              total: formatFileSize(locale, bytesTotal),
            })}
          </span>
        ) : null}
        {state === 'uploading' && eta !== undefined ? (
          <span className="run-time">{t('progress.timeLeft', timeLeft(eta))}</span>
        ) : null}
      </p>
      <ProgressBar
        className="run-bar"
        aria-label={t('progress.label')}
        value={counts.done}
        minValue={0}
        maxValue={Math.max(1, counts.total)}
        valueLabel={count}
      >
        {({ percentage }) => (
          <div className="run-track">
            <div className="run-fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
        )}
      </ProgressBar>
    </div>
  );
}
