import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../shared/domain/clock';
import { QueueStore } from '../../main/queue/queue-store';

// Prints the resident memory (bytes) of a process that has queued N photos and read the whole
// queue back, as the engine and a queue snapshot do. Run by the benchmark in a fresh process.
const count = Number(process.argv[2] ?? 0);
const store = new QueueStore(
  join(await mkdtemp(join(tmpdir(), 'queue-memory-')), 'queue.db'),
  systemClock,
);
const batch = 1000;
for (let start = 0; start < count; start += batch) {
  store.addPhotos(
    Array.from({ length: Math.min(batch, count - start) }, (_, index) => ({
      path: `/photos/site/${start + index}/IMG_${start + index}.JPG`,
      size: 4_500_000,
      format: 'jpeg' as const,
      md5: (start + index).toString(16).padStart(32, '0'),
      capturedAt: 1_700_000_000 + start + index,
      coordinates: { lat: 45.1, lon: 9.2 },
      projectId: 'project-1',
      description: '<p>North wall, level 2</p>',
      internal: false,
    })),
  );
}
const items = store.all();
const due = store.due(Date.now(), new Set(), 8);
globalThis.gc?.();
process.stdout.write(`${process.memoryUsage().rss}\n`);
if (items.length !== count || due.length > 8) process.exit(1);
store.close();
