import { randomBytes } from 'node:crypto';
import { open, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { Agent } from 'undici';
import { BandwidthLimiter } from '../../main/staging/bandwidth-limiter';
import { S3PhotoHost } from '../../main/staging/s3-photo-host';
import { systemClock } from '../../shared/domain/clock';
import type { LaunchInfo } from '../../service/photo-service';
import { md5 } from './photo-service-harness';

/** A connection that records how many bytes it writes toward the store. */
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
    // net.Socket writes batches itself (it always has `_writev`).
    super._writev!(chunks, done);
  }
}

/** An undici agent whose connections count every byte written, with when. */
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

/** What reached the store during a capped upload. */
export type CappedUpload = {
  /** Every byte written toward the store (headers and looks included). */
  readonly bytes: number;
  /** From the first byte written to the last. */
  readonly seconds: number;
  /** The most bytes written in any one second. */
  readonly busiestSecond: number;
};

/**
 * Uploads `photos` random photos of `photoBytes` each to the service's real S3 store, `lanes` at
 * a time through one `BandwidthLimiter` of `cap` bytes/s, and counts the bytes on the wire.
 */
export async function measureCappedUpload(
  info: LaunchInfo,
  dir: string,
  options: { cap: number; lanes: number; photos: number; photoBytes: number },
): Promise<CappedUpload> {
  const writes: { at: number; bytes: number }[] = [];
  const agent = countingAgent((bytes) => writes.push({ at: performance.now(), bytes }));
  const s3 = info.s3!;
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
  const limiter = new BandwidthLimiter(options.cap);
  const pending = await Promise.all(
    Array.from({ length: options.photos }, async (_, index) => {
      const bytes = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff]),
        randomBytes(options.photoBytes),
      ]);
      const path = join(dir, `capped-${index}.jpg`);
      await writeFile(path, bytes);
      return { path, bytes };
    }),
  );
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
        if (staged.bytesSent !== photo.bytes.length) throw new Error('a photo was not sent');
      } finally {
        await file.close();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.lanes }, lane));
  } finally {
    host.close();
    await agent.close();
  }
  const first = writes[0]?.at ?? 0;
  const perSecond = new Map<number, number>();
  for (const write of writes) {
    const second = Math.floor((write.at - first) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + write.bytes);
  }
  return {
    bytes: writes.reduce((total, write) => total + write.bytes, 0),
    seconds: ((writes.at(-1)?.at ?? first) - first) / 1000,
    busiestSecond: Math.max(0, ...perSecond.values()),
  };
}
