import { createHash } from 'node:crypto';
import { mkdtemp, open, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Readable, Transform } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BandwidthLimiter } from '../../../main/staging/bandwidth-limiter';
import { type StageRequest, StagingError } from '../../../main/staging/photo-host';
import { S3PhotoHost } from '../../../main/staging/s3-photo-host';
import { systemClock } from '../../../shared/domain/clock';
import type { S3Operation } from '../../../service/s3/store-traffic';
import {
  admin,
  s3ClientFor,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';
import { startS3EngineRig, writeRandomJpeg } from '../../support/s3-engine-rig';

// Issue 14 §4, multipart uploads for files over a threshold: real uploads to the service's S3
// store (s3rver behind the SigV4 gate), which counts the requests it gets by operation and can
// say whether any multipart upload is left open. The threshold is lowered so files of a dozen
// megabytes go in parts; parts keep S3's 5 MiB minimum.

const MiB = 1024 * 1024;
const THRESHOLD = 8 * MiB;
const PART = 5 * MiB;
/** 13 MiB: three parts (5, 5 and 3 MiB). */
const LARGE = 13 * MiB;

describe('multipart uploads to S3 above a threshold (real store)', () => {
  let service: TestService;
  let folder: string;

  beforeAll(async () => {
    service = await startTestService({ withS3: true, autoApprove: true, allowPrivateFetch: true });
    folder = await mkdtemp(join(tmpdir(), 'multipart-'));
  });
  afterAll(async () => {
    await service?.close();
    await rm(folder, { recursive: true, force: true });
  });

  /** What the store counted of each operation while `run` ran. */
  async function counted<T>(
    run: () => Promise<T>,
  ): Promise<{ result: T; ops: Partial<Record<S3Operation, number>> }> {
    const before = { ...service.traffic.s3!.operations };
    const result = await run();
    const after = service.traffic.s3!.operations;
    const ops: Partial<Record<S3Operation, number>> = {};
    for (const [name, count] of Object.entries(after) as [S3Operation, number][]) {
      const delta = count - (before[name] ?? 0);
      if (delta > 0) ops[name] = delta;
    }
    return { result, ops };
  }

  function s3Host(dispatcher?: Dispatcher): S3PhotoHost {
    const s3 = service.info.s3!;
    return new S3PhotoHost(
      {
        endpoint: s3.endpoint,
        region: s3.region,
        bucket: s3.bucket,
        prefix: 'multipart/',
        pathStyle: true,
        accessKeyId: s3.access_key_id,
        secretAccessKey: s3.secret_access_key,
        urlLifetimeSeconds: 3600,
        multipartThresholdBytes: THRESHOLD,
        multipartPartBytes: PART,
      },
      systemClock,
      dispatcher,
    );
  }

  /** Stages `path` from an open handle, as the engine does. */
  async function stageFile(
    host: S3PhotoHost,
    photo: { path: string; bytes: Buffer; md5: string },
    extra: Partial<StageRequest> = {},
    signal?: AbortSignal,
  ) {
    const file = await open(photo.path, 'r');
    try {
      return await host.stage(
        {
          path: photo.path,
          md5: photo.md5,
          format: 'jpeg',
          size: photo.bytes.length,
          file,
          ...extra,
        },
        signal,
      );
    } finally {
      await file.close();
    }
  }

  it('sends a large file in parts through the engine; the service gets exactly its bytes', async () => {
    const photo = await writeRandomJpeg(join(folder, 'large.jpg'), LARGE);
    const rig = await startS3EngineRig(service, {
      engine: { concurrency: 2 },
      host: { multipartThresholdBytes: THRESHOLD, multipartPartBytes: PART },
    });
    try {
      await rig.queue([photo.path]);
      const { ops } = await counted(() => rig.engine.runUntilIdle());
      expect(ops.CreateMultipartUpload).toBe(1);
      expect(ops.UploadPart).toBe(3);
      expect(ops.CompleteMultipartUpload).toBe(1);
      expect(ops.PutObject).toBeUndefined();
      expect(rig.store.all().map((item) => item.state)).toEqual(['done']);
    } finally {
      await rig.close();
    }
    const object = await s3ClientFor(service.info).send(
      new GetObjectCommand({ Bucket: service.info.s3!.bucket, Key: `${photo.md5}.jpg` }),
    );
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(stored.length).toBe(LARGE);
    expect(createHash('md5').update(stored).digest('hex')).toBe(photo.md5);
    expect(object.Metadata?.md5).toBe(photo.md5);
    expect(object.ContentType).toBe('image/jpeg');
    await service.idle();
    const created = (await admin.state(service.info)).photos.filter((p) => p.hash === photo.md5);
    expect(created.map((p) => p.processing_status)).toEqual(['processed']);
    expect(await service.traffic.s3!.pendingUploads()).toBe(0);
  }, 60_000);

  it('reports progress that only grows and ends at the size; a re-stage sends nothing', async () => {
    const photo = await writeRandomJpeg(join(folder, 'progress.jpg'), 12 * MiB);
    const host = s3Host();
    try {
      const seen: number[] = [];
      const { result, ops } = await counted(() =>
        stageFile(host, photo, { onProgress: (bytes) => seen.push(bytes) }),
      );
      expect(ops.UploadPart).toBe(3);
      expect(result.bytesSent).toBe(photo.bytes.length);
      expect(seen.length).toBeGreaterThan(10);
      for (const [index, bytes] of seen.entries()) {
        if (index > 0) expect(bytes).toBeGreaterThan(seen[index - 1]!);
      }
      expect(seen.at(-1)).toBe(photo.bytes.length);

      const again = await counted(() => stageFile(host, photo));
      expect(again.result.bytesSent).toBe(0);
      expect(again.ops.CreateMultipartUpload).toBeUndefined();
      expect(again.ops.UploadPart).toBeUndefined();
      expect(again.ops.HeadObject).toBe(1);
    } finally {
      host.close();
    }
  }, 60_000);

  it('keeps a multipart upload to the shared bandwidth cap', async () => {
    const cap = 3_000_000;
    const photo = await writeRandomJpeg(join(folder, 'capped.jpg'), 12 * MiB);
    const host = s3Host();
    try {
      const started = performance.now();
      const { ops } = await counted(() =>
        stageFile(host, photo, { bandwidth: new BandwidthLimiter(cap) }),
      );
      const seconds = (performance.now() - started) / 1000;
      expect(ops.UploadPart).toBe(3);
      // Not faster than the cap, give or take 10 %.
      expect(photo.bytes.length / seconds).toBeLessThanOrEqual(cap * 1.1);
    } finally {
      host.close();
    }
  }, 60_000);

  it('aborts the upload on the store when the caller stops it', async () => {
    const photo = await writeRandomJpeg(join(folder, 'stopped.jpg'), 12 * MiB);
    const host = s3Host();
    const stop = new AbortController();
    try {
      const { result, ops } = await counted(() =>
        stageFile(
          host,
          photo,
          {
            bandwidth: new BandwidthLimiter(4_000_000),
            // Stopped halfway, with a part done and others on the way.
            onProgress: (bytes) => {
              if (bytes > 6 * MiB) stop.abort();
            },
          },
          stop.signal,
        ).then(
          () => undefined,
          (error: unknown) => error,
        ),
      );
      expect(result).toBeInstanceOf(Error);
      expect((result as Error).message).toBe('The upload to the photo store was stopped');
      expect(ops.UploadPart).toBeGreaterThanOrEqual(1);
      // At least once: the SDK may send the abort again when the connection it went on was cut
      // by the part stopped at the same moment (a DELETE of the upload is safe to repeat).
      expect(ops.AbortMultipartUpload).toBeGreaterThanOrEqual(1);
      expect(ops.CompleteMultipartUpload).toBeUndefined();
      expect(await service.traffic.s3!.pendingUploads()).toBe(0);
      await expect(
        s3ClientFor(service.info).send(
          new HeadObjectCommand({
            Bucket: service.info.s3!.bucket,
            Key: host.keyFor({ ...photo, format: 'jpeg', size: 0 }),
          }),
        ),
      ).rejects.toThrow();
    } finally {
      host.close();
    }
  }, 60_000);

  it('aborts the upload on the store when a part fails, and says why', async () => {
    const photo = await writeRandomJpeg(join(folder, 'shrunk.jpg'), 12 * MiB);
    const host = s3Host();
    try {
      let shrunk = false;
      const { result, ops } = await counted(() =>
        stageFile(host, photo, {
          bandwidth: new BandwidthLimiter(8_000_000),
          // The file is cut short once sending began: the third part can no longer be read.
          onProgress: (bytes) => {
            if (bytes > MiB && !shrunk) {
              shrunk = true;
              void truncate(photo.path, MiB);
            }
          },
        }).then(
          () => undefined,
          (error: unknown) => error,
        ),
      );
      expect(result).toBeInstanceOf(StagingError);
      expect((result as Error).message).toBe(
        'The file changed while it was uploading (it is shorter now)',
      );
      expect(ops.CreateMultipartUpload).toBe(1);
      // At least once: the SDK may send the abort again when the connection it went on was cut
      // by the part stopped at the same moment (a DELETE of the upload is safe to repeat).
      expect(ops.AbortMultipartUpload).toBeGreaterThanOrEqual(1);
      expect(ops.CompleteMultipartUpload).toBeUndefined();
      expect(await service.traffic.s3!.pendingUploads()).toBe(0);
    } finally {
      host.close();
    }
  }, 60_000);

  it('aborts the upload when the store refuses a part whose bytes do not match its MD5', async () => {
    const photo = await writeRandomJpeg(join(folder, 'garbled.jpg'), 12 * MiB);
    // A link that garbles one byte of part 2 on the way: the part's own Content-MD5 catches it.
    const agent = new Agent();
    const garbling = agent.compose((dispatch) => (options, handler) => {
      const body = options.body;
      if (options.method !== 'PUT' || !String(options.path).includes('partNumber=2'))
        return dispatch(options, handler);
      if (!(body instanceof Readable)) throw new Error('A part is sent as a stream');
      let first = true;
      const garbled = body.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            if (first) chunk = Buffer.concat([Buffer.from([chunk[0]! ^ 0xff]), chunk.subarray(1)]);
            first = false;
            done(null, chunk);
          },
        }),
      );
      return dispatch({ ...options, body: garbled }, handler);
    });
    const host = s3Host(garbling);
    try {
      const { result, ops } = await counted(() =>
        stageFile(host, photo).then(
          () => undefined,
          (error: unknown) => error,
        ),
      );
      expect(result).toBeInstanceOf(StagingError);
      expect((result as Error).message).toBe('The photo store refused the upload (BadDigest)');
      // At least once: the SDK may send the abort again when the connection it went on was cut
      // by the part stopped at the same moment (a DELETE of the upload is safe to repeat).
      expect(ops.AbortMultipartUpload).toBeGreaterThanOrEqual(1);
      expect(ops.CompleteMultipartUpload).toBeUndefined();
      expect(await service.traffic.s3!.pendingUploads()).toBe(0);
    } finally {
      host.close();
      await agent.close();
    }
  }, 60_000);

  it('sends a file below the threshold as one PUT', async () => {
    const photo = await writeRandomJpeg(join(folder, 'small.jpg'), 7 * MiB);
    const host = s3Host();
    try {
      const { result, ops } = await counted(() => stageFile(host, photo));
      expect(result.bytesSent).toBe(photo.bytes.length);
      expect(ops.PutObject).toBe(1);
      expect(ops.CreateMultipartUpload).toBeUndefined();
      expect(ops.UploadPart).toBeUndefined();
    } finally {
      host.close();
    }
  }, 60_000);
});
