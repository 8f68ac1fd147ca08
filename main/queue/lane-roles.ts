/**
 * The engine's two kinds of lanes, so photo N+1 is staged while photo N is being created:
 * `stage` lanes send bytes to the photo host (queued photos), `service` lanes do everything the
 * Photo Service answers (creates, reconciles, processing checks, description edits). A create
 * waiting for the rate limit no longer holds up the next photo's upload, and an upload no longer
 * holds up a create. Only the order of work changes: each step still journals its state first.
 */
export type LaneRole = 'stage' | 'service';

/** The SQL condition (on `items`) for the items a lane of each role takes. */
export const LANE_CONDITION: Readonly<Record<LaneRole, string>> = {
  stage: `(items.kind = 'photo' AND items.state = 'queued')`,
  service: `NOT (items.kind = 'photo' AND items.state = 'queued')`,
};

/**
 * How many staged photos may wait for their create before staging lanes stop staging more: a
 * few per lane keep the creates fed, while a queue held back by the rate limit does not stage
 * hours ahead (its signed addresses would expire and the bytes be sent again).
 */
export function stagedAheadBound(concurrency: number): number {
  return 2 * Math.max(1, concurrency);
}
