import { join } from 'node:path';
import { QueueStore } from '../../main/queue/queue-store';
import { systemClock } from '../../shared/domain/clock';

/** Fills a new queue database in `dataDir` with `count` queued photos (fake MD5s: never sent). */
export function fillQueue(dataDir: string, count: number): number[] {
  const store = new QueueStore(join(dataDir, 'queue.db'), systemClock);
  try {
    return store.addPhotos(
      Array.from({ length: count }, (_, index) => ({
        path: `/photos/IMG_${String(index).padStart(5, '0')}.jpg`,
        size: 2_000_000,
        format: 'jpeg' as const,
        md5: index.toString(16).padStart(32, '0'),
        capturedAt: Date.UTC(2024, 4, 1) + index * 60_000,
        coordinates: index % 3 === 0 ? { lat: 45.1, lon: -73.5 } : null,
        projectId: 'project-1',
        description: 'Site walk',
        internal: false,
        tags: ['north wall'],
      })),
    ).added;
  } finally {
    store.close();
  }
}
