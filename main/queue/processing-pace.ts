import type { ProcessingStatus } from '../api/api-schemas';
import { FIRST_POLL_AFTER_CREATE_MS } from './service-waits';

/** The shortest first look at a new photo: a fast service is not asked more often than this. */
export const MIN_FIRST_POLL_MS = 250;

/** A first look that found the photo finished: the next photo is looked at this much sooner. */
const SHRINK_ON_FINISHED = 0.75;

/**
 * When to look first at a photo the service just took, learned from the photos before it: a
 * photo already finished at its first look makes the next first look sooner (to at least
 * {@link MIN_FIRST_POLL_MS}), one still processing makes it twice as late (to at most
 * {@link FIRST_POLL_AFTER_CREATE_MS}, the fixed first look it replaces). So the last photos of a
 * batch are not held for a fixed 2 s by a fast service, while a slow one costs at most about one
 * read more per photo than the fixed schedule: every miss doubles the wait back.
 * Only the timing of reads changes: nothing here is sent to the service or journaled as state.
 */
export class ProcessingPace {
  #firstPollMs = FIRST_POLL_AFTER_CREATE_MS;

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
