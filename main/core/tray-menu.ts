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

/** The queue's state in a few words, for the tray menu and its tooltip. */
export function queueStateWords(
  progress: QueueProgressView | undefined,
  condition: QueueCondition,
): string {
  if (progress === undefined) return 'No uploads';
  const { stages } = progress;
  const waiting = stages.preparing + stages.creating + stages.processing;
  const attention =
    progress.needsAttention > 0 ? `, ${progress.needsAttention} need attention` : '';
  if (waiting === 0) return `All ${stages.done} uploaded${attention}`;
  if (condition === 'offline') return `${waiting} waiting for the connection${attention}`;
  if (condition === 'needs-sign-in') return `${waiting} waiting for you to sign in${attention}`;
  if (progress.paused > 0 && progress.paused >= waiting) return `${waiting} paused${attention}`;
  return `Uploading: ${stages.done} of ${stages.done + waiting} done${attention}`;
}

/**
 * The tray menu: Open, Pause all or Resume all (whichever applies), the queue's state in words,
 * Quit.
 */
export function trayMenu(
  progress: QueueProgressView | undefined,
  condition: QueueCondition,
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
    { kind: 'action', id: 'open', label: 'Open Photo Uploader' },
    { kind: 'separator' },
    allPaused
      ? { kind: 'action', id: 'resume-all', label: 'Resume all' }
      : { kind: 'action', id: 'pause-all', label: 'Pause all' },
    { kind: 'status', label: queueStateWords(progress, condition) },
    { kind: 'separator' },
    { kind: 'action', id: 'quit', label: 'Quit' },
  ];
}
