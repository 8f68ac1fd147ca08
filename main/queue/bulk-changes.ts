import type Database from 'libsql';
import type { Clock } from '../../shared/domain/clock';
import { withDurability } from './commit-durability';
import { type BulkStep, inTurns } from './in-turns';
import { readPausedAll, writePausedAll } from './pause-all';
import { idsOf } from './queue-schema';
import { RETRY_UPDATE_SQL } from './retry-change';

/**
 * The user's pause, resume and retry, on one item or on the whole queue. A whole-queue command
 * runs in chunks with a turn of main's event loop between them (`inTurns`), so "pause all" on
 * 20 000 items never holds main for long, and is durable once it returns.
 */
export class QueueBulkChanges {
  constructor(
    private readonly db: Database.Database,
    /** The queue's prepared statements (prepared once per text). */
    private readonly statement: (sql: string) => Database.Statement,
    private readonly clock: Clock,
  ) {}

  /** Whether "pause all" holds: items added meanwhile are paused too (see `setPaused`). */
  get pausedAll(): boolean {
    return readPausedAll(this.db);
  }

  /**
   * Pauses or resumes one item (`id`), or every active item, in turns; durable when it returns.
   * Returns the ids changed, in order.
   */
  setPausedInTurns(paused: boolean, id?: number): Promise<number[]> {
    return inTurns(
      (chunk) => this.setPaused(paused, id, chunk),
      () => this.commitDurably(),
    );
  }

  /** Retries one item (`id`), or every item that needs attention, in turns (see `retry`). */
  retryInTurns(id?: number): Promise<number[]> {
    return inTurns(
      (chunk) => this.retry(id, chunk),
      () => this.commitDurably(),
    );
  }

  /**
   * Pauses or resumes one item, or every active item. Without `id` it is "pause all" / "resume
   * all", a state of the queue that outlives a restart and pauses the items added while it holds;
   * with a `BulkStep`, only one chunk changes (see `inTurns`). Returns the ids changed.
   */
  setPaused(
    paused: boolean,
    id?: number,
    { limit = -1, afterId = 0, durability = 'durable' }: BulkStep = {},
  ): number[] {
    const value = paused ? 1 : 0;
    return withDurability(this.db, durability, () => {
      if (id === undefined) writePausedAll(this.db, paused);
      const rows =
        id === undefined
          ? this.statement(
              `UPDATE items SET paused = ?1, updated_at = ?2 WHERE id IN (SELECT id FROM items
                 WHERE id > ?4 AND state IN ('queued', 'staged', 'creating', 'created') AND paused != ?1 ORDER BY id LIMIT ?3)
               RETURNING id`,
            ).all(value, this.clock.now(), limit, afterId)
          : this.statement(
              'UPDATE items SET paused = ?, updated_at = ? WHERE id = ? RETURNING id',
            ).all(value, this.clock.now(), id);
      return idsOf(rows);
    });
  }

  /**
   * Sends items that need attention back into the queue (one, or all): photos resume where they
   * stopped, or from the start when they never got a photo id (see `RETRY_UPDATE_SQL`). This is
   * the only way a photo the service accepted without naming it is sent again: the user asked.
   * With a `BulkStep`, only one chunk changes (see `inTurns`). Returns the ids changed.
   */
  retry(id?: number, { limit = -1, afterId = 0, durability = 'durable' }: BulkStep = {}): number[] {
    return withDurability(this.db, durability, () =>
      idsOf(this.statement(RETRY_UPDATE_SQL).all(this.clock.now(), id ?? null, limit, afterId)),
    );
  }

  /**
   * A durable write that ends a bulk change made of `relaxed` chunks: the disk then holds every
   * chunk before it (see `commitDurability`), with one sync instead of one per chunk.
   */
  commitDurably(): void {
    this.statement(
      "INSERT INTO queue_flags (name, value) VALUES ('bulk_change_at', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
    ).run(this.clock.now());
  }
}
