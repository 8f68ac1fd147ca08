import type { QueueItem } from './queue-store';

/** Per-stage progress of the queue, for the progress bar and the command line. */
export type QueueProgress = {
  /** Photos by stage: preparing (queued), uploading the file (staged… for the service), creating, processing. */
  readonly stages: {
    readonly preparing: number;
    readonly creating: number;
    readonly processing: number;
    readonly done: number;
  };
  readonly needsAttention: number;
  readonly paused: number;
  /** Bytes of the photos in this queue, and how many of them the photo host has (sent or already there). */
  readonly bytesTotal: number;
  readonly bytesStaged: number;
  /** Seconds left at the recent pace; undefined until there is a pace to go by. */
  readonly etaSeconds: number | undefined;
};

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

/** Progress from the queue's items and the recent pace. */
export function queueProgress(
  items: readonly QueueItem[],
  pace: PaceTracker,
  now: number,
): QueueProgress {
  const photos = items.filter((item) => item.kind === 'photo' && item.state !== 'cancelled');
  const count = (predicate: (item: QueueItem) => boolean) => photos.filter(predicate).length;
  const remaining = count((item) => item.state !== 'done' && item.state !== 'needs-attention');
  const rate = pace.rate(now);
  return {
    stages: {
      preparing: count((item) => item.state === 'queued' || item.state === 'staged'),
      creating: count((item) => item.state === 'creating'),
      processing: count((item) => item.state === 'created'),
      done: count((item) => item.state === 'done'),
    },
    needsAttention: count((item) => item.state === 'needs-attention'),
    paused: count((item) => item.paused && item.state !== 'done'),
    bytesTotal: photos.reduce((sum, item) => sum + (item.size ?? 0), 0),
    bytesStaged: photos
      .filter((item) => item.state !== 'queued')
      .reduce((sum, item) => sum + (item.size ?? 0), 0),
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
