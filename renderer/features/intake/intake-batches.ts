import type {
  IntakeBatchView,
  IntakeItemView,
  IntakeProgressView,
} from '../../../shared/ipc/views';

/** The window takes in arriving results at most this often (a re-render of the review each time). */
export const APPLY_INTERVAL_MS = 150;

/** What the window applies at once: every result that arrived since, in order, and the progress. */
export type ArrivedResults = {
  readonly items: readonly IntakeItemView[];
  readonly progress: IntakeProgressView;
};

/** The timers the gatherer uses (the window's own; tests pass fake ones). */
export type Timers = {
  readonly now: () => number;
  /** Runs `run` after `ms`; returns what cancels it. */
  readonly schedule: (run: () => void, ms: number) => () => void;
};

/**
 * Gathers `intake:batch` messages so that the window re-renders at most once per
 * `APPLY_INTERVAL_MS` while a large drop streams in (a render per message made 20 000 photos
 * reach the window three times slower than `inspect` reads them). The first message after a
 * quiet spell and the one that ends a run are applied at once; every result is applied exactly
 * once, in arrival order.
 */
export class IntakeBatchGatherer {
  #pending: IntakeItemView[] = [];
  #progress: IntakeProgressView | undefined;
  #cancel: (() => void) | undefined;
  #lastApplied = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly apply: (arrived: ArrivedResults) => void,
    private readonly timers: Timers,
  ) {}

  /** One message from main. */
  add(batch: IntakeBatchView): void {
    for (const item of batch.items) this.#pending.push(item);
    this.#progress = batch.progress;
    const due = this.#lastApplied + APPLY_INTERVAL_MS - this.timers.now();
    if (batch.progress.done || due <= 0) this.flush();
    else this.#cancel ??= this.timers.schedule(() => this.flush(), due);
  }

  /** Applies what has arrived now (nothing when nothing has). */
  flush(): void {
    this.#cancelTimer();
    const progress = this.#progress;
    if (progress === undefined) return;
    const items = this.#pending;
    this.#pending = [];
    this.#progress = undefined;
    this.#lastApplied = this.timers.now();
    this.apply({ items, progress });
  }

  /** Forgets what arrived and was not applied yet (the list was cleared, or the window closes). */
  drop(): void {
    this.#cancelTimer();
    this.#pending = [];
    this.#progress = undefined;
  }

  #cancelTimer(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }
}
