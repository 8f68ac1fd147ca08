/** A wait the engine's lanes use (real time in the app, a test clock's in tests). */
export type LaneWait = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * Wakes the engine's idle lanes as soon as there may be work for them, instead of each lane
 * looking again every few milliseconds: a photo one lane has just staged is due at once for a
 * service lane, which would otherwise sleep until its poll came round. A lane with nothing due
 * sleeps until the next item's due time (or a cap) unless `notify` comes first.
 */
export class LaneWakeup {
  readonly #sleepers = new Set<() => void>();

  constructor(private readonly wait: LaneWait) {}

  /** Sleeps up to `ms`; returns early on `notify` or when `signal` aborts. */
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return;
    const early = new AbortController();
    const wake = () => early.abort();
    signal?.addEventListener('abort', wake, { once: true });
    this.#sleepers.add(wake);
    try {
      await this.wait(ms, early.signal);
    } finally {
      this.#sleepers.delete(wake);
      signal?.removeEventListener('abort', wake);
    }
  }

  /** Something changed that a sleeping lane may take up: wake them all to look. */
  notify(): void {
    for (const wake of this.#sleepers) wake();
  }
}
