import type { QueueProgressView } from '../../shared/ipc/views';
import type { PhotoGroup } from './queue-store';

/**
 * Per-stage progress of the queue, for the progress bar and the command line: the same shape the
 * window receives. Bytes are those of the photos in the queue and how many of them the photo
 * host has; the time left is undefined until there is a pace to go by.
 */
export type QueueProgress = QueueProgressView;

/** Remembers when items finished, to estimate the time left from the recent pace. */
export class PaceTracker {
  readonly #finished: number[] = [];

  constructor(private readonly windowSize = 50) {}

  finished(at: number): void {
    this.#finished.push(at);
    if (this.#finished.length > this.windowSize) this.#finished.shift();
  }

  /** Items per second over the recent finishes, if at least two. */
  rate(now: number): number | undefined {
    if (this.#finished.length < 2) return undefined;
    const span = (now - this.#finished[0]!) / 1000;
    return span > 0 ? (this.#finished.length - 1) / span : undefined;
  }
}

/** Progress from the queue's photo groups (`QueueStore.photoGroups`) and the recent pace. */
export function queueProgress(
  groups: readonly PhotoGroup[],
  pace: PaceTracker,
  now: number,
): QueueProgress {
  const photos = groups.filter((group) => group.state !== 'cancelled');
  const sum = (predicate: (group: PhotoGroup) => boolean, of: 'count' | 'bytes' = 'count') =>
    photos.filter(predicate).reduce((total, group) => total + group[of], 0);
  const remaining = sum((group) => group.state !== 'done' && group.state !== 'needs-attention');
  const rate = pace.rate(now);
  return {
    stages: {
      preparing: sum((group) => group.state === 'queued' || group.state === 'staged'),
      creating: sum((group) => group.state === 'creating'),
      processing: sum((group) => group.state === 'created'),
      done: sum((group) => group.state === 'done'),
    },
    needsAttention: sum((group) => group.state === 'needs-attention'),
    paused: sum((group) => group.paused && group.state !== 'done'),
    bytesTotal: sum(() => true, 'bytes'),
    // Staged photos count whole; a photo uploading now counts the bytes sent so far.
    bytesStaged:
      sum((group) => group.state !== 'queued', 'bytes') +
      photos
        .filter((group) => group.state === 'queued')
        .reduce((total, group) => total + group.sent, 0),
    etaSeconds: rate === undefined || remaining === 0 ? undefined : Math.ceil(remaining / rate),
  };
}

/** One line of progress for the command line. */
export function progressLine(progress: QueueProgress): string {
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const { stages } = progress;
  const eta =
    progress.etaSeconds === undefined
      ? ''
      : `, about ${progress.etaSeconds < 90 ? `${progress.etaSeconds} s` : `${Math.ceil(progress.etaSeconds / 60)} min`} left`;
  return `${stages.done} done, ${stages.processing} processing, ${stages.creating} creating, ${stages.preparing} preparing; ${mib(progress.bytesStaged)} of ${mib(progress.bytesTotal)} MiB at the photo host${progress.needsAttention ? `; ${progress.needsAttention} need attention` : ''}${eta}`;
}
