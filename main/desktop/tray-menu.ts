import type { Translate } from '../../shared/i18n/translator';
import type { QueueCondition, QueueProgressView } from '../../shared/ipc/views';

/** One entry of the tray (or menu-bar) icon's menu, before Electron makes it a Menu. */
export type TrayEntry =
  | {
      readonly kind: 'action';
      readonly id: 'open' | 'pause-all' | 'resume-all' | 'quit';
      readonly label: string;
    }
  | { readonly kind: 'status'; readonly label: string }
  | { readonly kind: 'separator' };

/** The queue's state in a few words of `t`, for the tray menu and its tooltip. */
export function queueStateWords(
  progress: QueueProgressView | undefined,
  condition: QueueCondition,
  t: Translate,
): string {
  if (progress === undefined) return t('tray.state.none');
  const { stages } = progress;
  const waiting = stages.preparing + stages.creating + stages.processing;
  const attention = progress.needsAttention;
  if (waiting === 0) return t('tray.state.allUploaded', { done: stages.done, attention });
  if (condition === 'offline') return t('tray.state.offline', { waiting, attention });
  if (condition === 'needs-sign-in') return t('tray.state.needsSignIn', { waiting, attention });
  if (progress.paused > 0 && progress.paused >= waiting)
    return t('tray.state.paused', { waiting, attention });
  return t('tray.state.uploading', { done: stages.done, total: stages.done + waiting, attention });
}

/** The tray icon's tooltip: the app's name and the queue's state, in the words of `t`. */
export function trayTooltip(
  progress: QueueProgressView | undefined,
  condition: QueueCondition,
  t: Translate,
): string {
  return t('tray.tooltip', { state: queueStateWords(progress, condition, t) });
}

/**
 * The tray menu in the words of `t`: Open, Pause all or Resume all (whichever applies), the
 * queue's state in words, Quit. Built again when the queue or the language changes.
 */
export function trayMenu(
  progress: QueueProgressView | undefined,
  condition: QueueCondition,
  t: Translate,
  pausedAll = false,
): readonly TrayEntry[] {
  const waiting =
    progress === undefined
      ? 0
      : progress.stages.preparing + progress.stages.creating + progress.stages.processing;
  // "Pause all" holds (a state of the queue, also with nothing queued), or every item is paused.
  const allPaused =
    pausedAll || (progress !== undefined && waiting > 0 && progress.paused >= waiting);
  return [
    { kind: 'action', id: 'open', label: t('tray.open') },
    { kind: 'separator' },
    allPaused
      ? { kind: 'action', id: 'resume-all', label: t('tray.resumeAll') }
      : { kind: 'action', id: 'pause-all', label: t('tray.pauseAll') },
    { kind: 'status', label: queueStateWords(progress, condition, t) },
    { kind: 'separator' },
    { kind: 'action', id: 'quit', label: t('tray.quit') },
  ];
}
