import { randomBytes } from 'node:crypto';
import { mkdtemp, open, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { Agent } from 'undici';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttledProgress } from '../../../main/queue/stage-progress';
import { S3PhotoHost } from '../../../main/staging/s3-photo-host';
import { systemClock } from '../../../shared/domain/clock';
import {
  md5,
  s3ClientFor,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';

// Issue 13 §7, byte progress: it moves while a file uploads, not only when the file ends. A real
// upload to the service's S3 store, through a slow uplink (about 1 MiB a second toward the store).

const BYTES_PER_SECOND = 1024 * 1024;

/**
 * A connection whose writes (toward the store) are paced to `bytesPerSecond`: an undici agent
 * that connects through it is a slow uplink, while the requests still go to the store's own
 * address (it refuses another Host, and the signature covers it).
 */
class SlowSocket extends Socket {
  constructor(private readonly bytesPerSecond: number) {
    super();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void) {
    setTimeout(
      () => super._write(chunk, encoding, done),
      (chunk.length / this.bytesPerSecond) * 1000,
    );
  }

  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    done: (error?: Error | null) => void,
  ) {
    const size = chunks.reduce((total, { chunk }) => total + chunk.length, 0);
    // net.Socket writes batches itself (it always has `_writev`).
    setTimeout(() => super._writev!(chunks, done), (size / this.bytesPerSecond) * 1000);
  }
}

function slowAgent(bytesPerSecond: number): Agent {
  return new Agent({
    connect: (options, callback) => {
      const socket = new SlowSocket(bytesPerSecond);
      socket.once('connect', () => callback(null, socket));
      socket.once('error', (error) => callback(error, null));
      socket.connect(Number(options.port), options.hostname);
      return socket;
    },
  });
}

describe('byte progress while a photo uploads to S3 (real store, slow link)', () => {
  let service: TestService;
  let agent: Agent;

  beforeAll(async () => {
    service = await startTestService({ withS3: true });
    agent = slowAgent(BYTES_PER_SECOND);
  });
  afterAll(async () => {
    await agent.close();
    await service.close();
  });

  it('reports increasing byte counts, about four a second, before the upload ends', async () => {
    const s3 = service.info.s3!;
    const host = new S3PhotoHost(
      {
        endpoint: s3.endpoint,
        region: s3.region,
        bucket: s3.bucket,
        prefix: 'progress/',
        pathStyle: true,
        accessKeyId: s3.access_key_id,
        secretAccessKey: s3.secret_access_key,
        urlLifetimeSeconds: 3600,
      },
      systemClock,
      agent,
    );
    // 3 MiB: about three seconds through the slow link.
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(3 * 1024 * 1024)]);
    const path = join(await mkdtemp(join(tmpdir(), 'stream-progress-')), 'big.jpg');
    await writeFile(path, bytes);
    const file = await open(path, 'r');
    const reports: { at: number; bytes: number }[] = [];
    const started = Date.now();
    let ended = 0;
    try {
      const staged = await host.stage({
        path,
        md5: md5(bytes),
        format: 'jpeg',
        size: bytes.length,
        file,
        onProgress: throttledProgress(systemClock, (sent) =>
          reports.push({ at: Date.now() - started, bytes: sent }),
        ),
      });
      ended = Date.now() - started;
      expect(staged.bytesSent).toBe(bytes.length);
    } finally {
      await file.close();
    }
    expect(ended).toBeGreaterThan(2000);
    const during = reports.filter((report) => report.at < ended - 250);
    expect(during.length).toBeGreaterThanOrEqual(5);
    const counts = reports.map((report) => report.bytes);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBe(counts.length);
    expect(counts.at(-1)).toBeLessThanOrEqual(bytes.length);
    // Throttled: never more than one report in a quarter second.
    for (let index = 1; index < reports.length; index += 1)
      expect(reports[index]!.at - reports[index - 1]!.at).toBeGreaterThanOrEqual(245);
    // What landed is the whole file, unchanged by the counting.
    const stored = await s3ClientFor(service.info).send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `progress/${md5(bytes)}.jpg` }),
    );
    expect(md5(Buffer.from(await stored.Body!.transformToByteArray()))).toBe(md5(bytes));
  }, 60_000);
});
