import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BandwidthLimiter } from '../../../main/staging/bandwidth-limiter';
import { S3PhotoHost } from '../../../main/staging/s3-photo-host';
import { systemClock } from '../../../shared/domain/clock';
import { md5, startTestService, type TestService } from '../../support/photo-service-harness';

// Issue 14 §3, bandwidth cap: one shared limiter holds every byte sent to the photo host to the
// cap, whatever the number of lanes. Real uploads to the service's S3 store, 4 at a time; the
// bytes the store receives are counted on the wire as they go.

const CAP = 1_000_000;
const LANES = 4;
const PHOTO_BYTES = 1_000_000;
const PHOTOS = 17;

/** A connection that records when and how many bytes it writes toward the store. */
class CountingSocket extends Socket {
  constructor(private readonly record: (bytes: number) => void) {
    super();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.record(chunk.length);
    super._write(chunk, encoding, done);
  }

  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    done: (error?: Error | null) => void,
  ) {
    this.record(chunks.reduce((total, { chunk }) => total + chunk.length, 0));
    super._writev!(chunks, done);
  }
}

function countingAgent(record: (bytes: number) => void): Agent {
  return new Agent({
    connect: (options, callback) => {
      const socket = new CountingSocket(record);
      socket.once('connect', () => callback(null, socket));
      socket.once('error', (error) => callback(error, null));
      socket.connect(Number(options.port), options.hostname);
      return socket;
    },
  });
}

describe('bandwidth cap on uploads to S3 (real store, 4 lanes)', () => {
  let service: TestService;
  let folder: string;

  beforeAll(async () => {
    service = await startTestService({ withS3: true });
    folder = await mkdtemp(join(tmpdir(), 'bandwidth-cap-'));
  });
  afterAll(async () => {
    await service?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('sends between 0.85 and 1.0 of a 1 MB/s cap over more than 15 s', async () => {
    const writes: { at: number; bytes: number }[] = [];
    const agent = countingAgent((bytes) => writes.push({ at: performance.now(), bytes }));
    const s3 = service.info.s3!;
    const host = new S3PhotoHost(
      {
        endpoint: s3.endpoint,
        region: s3.region,
        bucket: s3.bucket,
        prefix: 'capped/',
        pathStyle: true,
        accessKeyId: s3.access_key_id,
        secretAccessKey: s3.secret_access_key,
        urlLifetimeSeconds: 3600,
      },
      systemClock,
      agent,
    );
    const limiter = new BandwidthLimiter(CAP);
    const photos = await Promise.all(
      Array.from({ length: PHOTOS }, async (_, index) => {
        const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(PHOTO_BYTES)]);
        const path = join(folder, `photo-${index}.jpg`);
        await writeFile(path, bytes);
        return { path, bytes };
      }),
    );
    const pending = [...photos];
    const lane = async () => {
      for (let photo = pending.shift(); photo !== undefined; photo = pending.shift()) {
        const file = await open(photo.path, 'r');
        try {
          const staged = await host.stage({
            path: photo.path,
            md5: md5(photo.bytes),
            format: 'jpeg',
            size: photo.bytes.length,
            file,
            bandwidth: limiter,
          });
          expect(staged.bytesSent).toBe(photo.bytes.length);
        } finally {
          await file.close();
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: LANES }, lane));
    } finally {
      host.close();
      await agent.close();
    }
    const first = writes[0]!.at;
    const last = writes.at(-1)!.at;
    const seconds = (last - first) / 1000;
    const sent = writes.reduce((total, write) => total + write.bytes, 0);
    expect(sent).toBeGreaterThan(PHOTOS * PHOTO_BYTES);
    expect(seconds).toBeGreaterThan(15);
    const ratio = sent / seconds / CAP;
    expect(ratio).toBeGreaterThanOrEqual(0.85);
    expect(ratio).toBeLessThanOrEqual(1.0);
    // No second ran far over the cap either (a lane racing ahead, then waiting).
    const perSecond = new Map<number, number>();
    for (const write of writes) {
      const second = Math.floor((write.at - first) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + write.bytes);
    }
    expect(Math.max(...perSecond.values())).toBeLessThan(CAP * 1.25);
  }, 60_000);
});
