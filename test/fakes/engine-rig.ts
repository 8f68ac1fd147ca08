import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RateBucket } from '../../main/api/pacing';
import { PhotoServiceApi } from '../../main/api/photo-service-api';
import { createLogger, type LogRecord, Redactor } from '../../main/logging/logger';
import { QueueStore } from '../../main/queue/queue-store';
import { type EngineOptions, UploadEngine } from '../../main/queue/upload-engine';
import type { PhotoHost, StageRequest, Staged } from '../../main/staging/photo-host';
import { systemClock } from '../../shared/domain/clock';
import type { OddPhotoService } from './odd-photo-service';
import type { TestClock } from './test-clock';

/**
 * A photo host for engine tests: reads the bytes from the open file it is given (as the S3 host
 * does) and hands out `https://photos.example/<md5>.jpg`, the address `OddPhotoService` reads the
 * MD5 from.
 */
export class RecordingPhotoHost implements PhotoHost {
  readonly kind = 'test';
  readonly urlLifetimeMs = 60 * 60_000;
  /** MD5s of the bytes actually read for each staging. */
  readonly sent: string[] = [];

  constructor(private readonly clock: TestClock) {}

  async stage(request: StageRequest): Promise<Staged> {
    if (!request.file) throw new Error('The engine must hand over the file it checked');
    const bytes = Buffer.alloc(request.size);
    await request.file.read(bytes, 0, request.size, 0);
    this.sent.push(createHash('md5').update(bytes).digest('hex'));
    return {
      uri: `https://photos.example/${request.md5}.jpg`,
      expiresAt: this.clock.now() + this.urlLifetimeMs,
      bytesSent: request.size,
    };
  }

  test(): Promise<void> {
    return Promise.resolve();
  }
}

/** A small JPEG (by its magic bytes) whose content depends on `seed`. */
export async function writeJpeg(dir: string, seed: number): Promise<{ path: string; md5: string }> {
  const bytes = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from(`photo ${seed} `.repeat(50)),
    Buffer.from([0xff, 0xd9]),
  ]);
  const path = join(dir, `IMG_${seed}.jpg`);
  await writeFile(path, bytes);
  return { path, md5: createHash('md5').update(bytes).digest('hex') };
}

export type EngineRig = {
  readonly clock: TestClock;
  readonly store: QueueStore;
  readonly engine: UploadEngine;
  readonly host: RecordingPhotoHost;
  readonly logs: LogRecord[];
  /** Queues these files for project `p1`, a second apart in capture time. */
  queue(files: readonly { path: string; md5: string }[]): number[];
  close(): Promise<void>;
};

/**
 * The real engine, queue and API client against `service`, with a test clock: every wait of the
 * engine moves the clock instead of sleeping, so hours of polling take milliseconds.
 */
export async function engineRig(
  service: OddPhotoService,
  clock: TestClock,
  options: Partial<EngineOptions> = {},
  makeHost: (clock: TestClock) => RecordingPhotoHost = (time) => new RecordingPhotoHost(time),
): Promise<EngineRig> {
  const logs: LogRecord[] = [];
  const logger = createLogger({ sink: (record) => logs.push(record), redactor: new Redactor() });
  const limit = { limit: 1_000_000, windowMs: 1000 };
  const api = new PhotoServiceApi(
    service.requester(),
    service.baseUrl,
    // Pacing in real time, but with room for every request: it never waits.
    { writes: new RateBucket(systemClock, limit), reads: new RateBucket(systemClock, limit) },
    clock,
    logger.child('api'),
  );
  // On a memory file system where there is one: the queue commits every step with a full sync.
  const scratch = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const store = new QueueStore(join(await mkdtemp(join(scratch, 'engine-rig-')), 'q.db'), clock);
  const host = makeHost(clock);
  const engine = new UploadEngine(store, api, host, clock, logger.child('engine'), {
    concurrency: 2,
    random: () => 0.5,
    wait: async (ms) => {
      clock.advance(ms);
      await new Promise((resolve) => setImmediate(resolve));
    },
    ...options,
  });
  return {
    clock,
    store,
    engine,
    host,
    logs,
    queue: (files) =>
      store.addPhotos(
        files.map((file, index) => ({
          path: file.path,
          size: 0,
          format: 'jpeg',
          md5: file.md5,
          capturedAt: 1_700_000_000 + index,
          coordinates: index % 2 === 0 ? { lat: 45.5, lon: -73.5 } : null,
          projectId: 'p1',
          description: '<p>Slab</p>',
          internal: false,
        })),
      ).added,
    async close() {
      store.close();
      await api.close();
    },
  };
}
