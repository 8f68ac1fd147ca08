import type { ProcessingStatus } from '../api/api-schemas';
import { FIRST_POLL_AFTER_CREATE_MS } from './service-waits';

/** The shortest first look at a new photo: a fast service is not asked more often than this. */
export const MIN_FIRST_POLL_MS = 250;

/** A first look that found the photo finished: the next photo is looked at this much sooner. */
const SHRINK_ON_FINISHED = 0.75;

/**
 * When to look first at a photo the service just took, learned from the photos before it. It
 * starts hopeful, at {@link MIN_FIRST_POLL_MS}: a photo still processing at its first look makes
 * the next first look twice as late (to at most {@link FIRST_POLL_AFTER_CREATE_MS}, the fixed
 * first look it replaces), one already finished makes it sooner again (×0.75, to at least the
 * minimum). So a fast service does not hold the last photos of a batch for a fixed 2 s, while a
 * slow one costs a few reads more per run (the photos created before the first misses came back:
 * 250 → 500 → 1000 → 2000 ms) and then about one read more per photo than the fixed schedule.
 * Only the timing of reads changes: nothing here is sent to the service or journaled as state.
 */
export class ProcessingPace {
  #firstPollMs = MIN_FIRST_POLL_MS;

  /** How long after a create to look at the photo first. */
  get firstPollMs(): number {
    return Math.round(this.#firstPollMs);
  }

  /** What the first look at a photo found. */
  observeFirstLook(status: ProcessingStatus): void {
    // An unknown status says nothing about the service's speed: treated as not finished.
    const finished =
      status === 'processed' || status === 'duplicate' || status === 'processing_error';
    this.#firstPollMs = finished
      ? Math.max(MIN_FIRST_POLL_MS, this.#firstPollMs * SHRINK_ON_FINISHED)
      : Math.min(FIRST_POLL_AFTER_CREATE_MS, this.#firstPollMs * 2);
  }
}
