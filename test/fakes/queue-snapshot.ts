import type { QueueSnapshotView, QueueItemView } from '../../shared/ipc/views';

/** The window's queue holding `items` (nothing counted, no time left), in `condition`. */
export function queueSnapshot(
  items: readonly QueueItemView[],
  condition: QueueSnapshotView['condition'] = 'running',
): QueueSnapshotView {
  return {
    condition,
    pausedAll: false,
    items,
    progress: {
      stages: { preparing: 0, creating: 0, processing: 0, done: 0 },
      needsAttention: 0,
      paused: 0,
      bytesTotal: 0,
      bytesStaged: 0,
      etaSeconds: undefined,
    },
  };
}
