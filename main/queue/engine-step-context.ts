import type { Clock } from '../../shared/domain/clock';
import type { Disposition } from '../api/api-errors';
import type { PhotoServiceClient } from '../api/photo-service-client';
import type { Logger } from '../logging/logger';
import type { PhotoHost } from '../staging/photo-host';
import type { EngineOptions } from './engine-types';
import type { QueueItem, QueueStore } from './queue-store';

/** A change to one queue item, as `QueueStore.update` takes it. */
export type ItemChange = Parameters<QueueStore['update']>[1];

/**
 * What one step of the upload engine (stage, create, reconcile, …) works with: the engine's
 * service, host, clock and options, and its journal. The engine owns the state; a step only
 * saves, parks and reads through these.
 */
export type EngineStepContext = {
  readonly api: PhotoServiceClient;
  readonly host: PhotoHost;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly options: EngineOptions;
  /** Journals `change` for `item` and tells the engine's listeners; returns the saved item. */
  save(item: QueueItem, change: ItemChange): QueueItem;
  /**
   * Parks `item` after a failure, as `disposition` says (`rollback` is the state to return to),
   * then stops the step by throwing.
   */
  park(item: QueueItem, disposition: Disposition, rollback?: ItemChange): never;
  /** Counts what an error says about the service, then classifies it. */
  dispose(error: unknown): Disposition;
  /** When the current wait on the service began; an item from before this was recorded starts now. */
  waitingSince(item: QueueItem): number;
  /** How long after a create to look at the photo first (see `ProcessingPace`). */
  firstPollMs(): number;
};
