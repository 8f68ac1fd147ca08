import type { QueueItemView } from '../../shared/ipc/views';

/** A queued photo as the window sees it (1 MiB, waiting), with `change` on top. */
export function queueItemView(id: number, change: Partial<QueueItemView> = {}): QueueItemView {
  return {
    id,
    kind: 'photo',
    state: 'queued',
    paused: false,
    reason: undefined,
    path: `/site/IMG_${id}.jpg`,
    projectId: 'p',
    photoId: undefined,
    md5: undefined,
    size: 1_048_576,
    capturedAt: 0,
    coordinates: null,
    description: '',
    serviceDescription: undefined,
    processingStatus: undefined,
    attempts: 0,
    updatedAt: 0,
    queuedAt: 0,
    ...change,
  };
}
