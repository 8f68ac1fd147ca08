import { words } from '../../shared/i18n/words';
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { BandwidthLimiter } from './bandwidth-limiter';
import { CONTENT_TYPES, type StageRequest, StagingError } from './photo-host';
import { countedBody } from './counted-body';

/** Files above this go in parts (S3HostConfig.multipartThresholdBytes). */
export const DEFAULT_MULTIPART_THRESHOLD_BYTES = 16 * 1024 * 1024;
/** The size of each part but the last (S3HostConfig.multipartPartBytes). */
export const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
/** S3 refuses a smaller part, except the last one. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3 refuses an upload of more parts. */
export const MAX_PARTS = 10_000;
/**
 * Parts sent at once. A few keep the connection busy while the next part is read and hashed;
 * more would only hold more memory (each part waits in memory), since the bandwidth cap is
 * shared by every part anyway.
 */
export const PARTS_IN_FLIGHT = 2;
/** How long the clean-up after a failure may take before it is left to the bucket's rules. */
const ABORT_TIMEOUT_MS = 10_000;

/**
 * The part size for a file of `size` bytes: `wanted`, but never under S3's minimum, and large
 * enough that the file fits in S3's 10,000 parts.
 */
export function partSizeFor(size: number, wanted: number): number {
  return Math.max(wanted, MIN_PART_BYTES, Math.ceil(size / MAX_PARTS));
}

/** Where a multipart upload goes: the client, bucket and key. */
export type MultipartTarget = {
  readonly client: S3Client;
  readonly bucket: string;
  readonly key: string;
  /** The part size asked for (see `partSizeFor`). */
  readonly partBytes: number;
};

/**
 * Progress across parts (exported for its unit test): each part's bytes sent so far, summed. A part sent again starts its
 * count over, so the total could step back; what is reported only ever grows, and never passes
 * the file's size (no part counts more than its own length).
 */
export class PartProgress {
  readonly #sent: number[] = [];
  #reported = 0;

  constructor(private readonly onProgress: ((bytesSent: number) => void) | undefined) {}

  /** A counter for part `index`, starting at 0 (also when the part is sent again). */
  forPart(index: number): ((bytes: number) => void) | undefined {
    const report = this.onProgress;
    if (report === undefined) return undefined;
    this.#sent[index] = 0;
    return (bytes) => {
      this.#sent[index] = bytes;
      const total = this.#sent.reduce((sum, part) => sum + part, 0);
      if (total <= this.#reported) return;
      this.#reported = total;
      report(total);
    };
  }
}

/** Reads exactly `length` bytes at `position`, or says the file changed since it was checked. */
async function readPart(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(bytes, filled, length - filled, position + filled);
    if (bytesRead === 0) {
      throw new StagingError(words('reason.staging.fileShorter'));
    }
    filled += bytesRead;
  }
  return bytes;
}

type Part = { readonly number: number; readonly start: number; readonly length: number };

function partsOf(size: number, partBytes: number): Part[] {
  const parts: Part[] = [];
  for (let start = 0; start < size; start += partBytes) {
    parts.push({
      number: parts.length + 1,
      start,
      length: Math.min(partBytes, size - start),
    });
  }
  return parts;
}

/**
 * Sends `request`'s file to S3 in parts (CreateMultipartUpload, UploadPart…,
 * CompleteMultipartUpload), `PARTS_IN_FLIGHT` at a time. Each part is read from the file that
 * was checked (never the path again, when a handle is given), hashed for its own Content-MD5,
 * then streamed through the shared bandwidth cap and the byte counter. The object carries the
 * whole file's MD5 in its metadata (a multipart ETag says nothing about the bytes), so a later
 * look finds it. On any failure or abort the upload is aborted on the store, so no parts are
 * left behind, and the first error is thrown as it came.
 */
export async function uploadInParts(
  target: MultipartTarget,
  request: StageRequest,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { client, bucket, key } = target;
  const created = await client.send(
    new CreateMultipartUploadCommand({
      Bucket: bucket,
      Key: key,
      ContentType: CONTENT_TYPES[request.format],
      Metadata: { md5: request.md5 },
    }),
    signal ? { abortSignal: signal } : {},
  );
  const uploadId = created.UploadId;
  if (uploadId === undefined) throw new StagingError(words('reason.staging.noUploadId'));
  let ownFile: FileHandle | undefined;
  try {
    ownFile = request.file === undefined ? await open(request.path, 'r') : undefined;
    const etags = await sendParts(
      { ...target, uploadId },
      request,
      request.file ?? ownFile!,
      signal,
    );
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: {
          Parts: etags.map((etag, index) => ({ ETag: etag, PartNumber: index + 1 })),
        },
      }),
      signal ? { abortSignal: signal } : {},
    );
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }), {
        abortSignal: AbortSignal.timeout(ABORT_TIMEOUT_MS),
      })
      // Best effort: the reason the upload failed matters more than a failed clean-up.
      .catch(() => undefined);
    throw error;
  } finally {
    await ownFile?.close();
  }
}

/**
 * Sends every part of `file`, `PARTS_IN_FLIGHT` at a time, and returns their ETags in order. The
 * first failure stops the other parts and is what is thrown (not the aborts it caused); the
 * caller's abort stops them all and its reason is thrown.
 */
async function sendParts(
  target: MultipartTarget & { readonly uploadId: string },
  request: StageRequest,
  file: FileHandle,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const stop = new AbortController();
  const stopOnAbort = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', stopOnAbort, { once: true });
  if (signal?.aborted) stopOnAbort();
  const parts = partsOf(request.size, partSizeFor(request.size, target.partBytes));
  const progress = new PartProgress(request.onProgress);
  const etags: string[] = [];
  let next = 0;
  let firstFailure: { readonly error: unknown } | undefined;
  const lane = async () => {
    for (let part = parts[next++]; part !== undefined; part = parts[next++]) {
      stop.signal.throwIfAborted();
      const bytes = await readPart(file, part.start, part.length);
      const answer = await target.client.send(
        new UploadPartCommand({
          Bucket: target.bucket,
          Key: target.key,
          UploadId: target.uploadId,
          PartNumber: part.number,
          Body: partBody(bytes, progress.forPart(part.number - 1), request.bandwidth),
          ContentLength: part.length,
          // The store checks each part's bytes against it.
          ContentMD5: createHash('md5').update(bytes).digest('base64'),
        }),
        { abortSignal: stop.signal },
      );
      if (answer.ETag === undefined) {
        throw new StagingError(words('reason.staging.noPartTag', { part: String(part.number) }));
      }
      etags[part.number - 1] = answer.ETag;
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(PARTS_IN_FLIGHT, parts.length) }, () =>
        lane().catch((error: unknown) => {
          firstFailure ??= { error };
          stop.abort(error);
        }),
      ),
    );
  } finally {
    signal?.removeEventListener('abort', stopOnAbort);
  }
  // The caller's abort is the reason, not the parts it cut short.
  signal?.throwIfAborted();
  if (firstFailure !== undefined) throw firstFailure.error;
  return etags;
}

/** A part's bytes as a stream, through the bandwidth cap and the byte counter. */
function partBody(
  bytes: Buffer,
  onProgress: ((bytesSent: number) => void) | undefined,
  bandwidth: BandwidthLimiter | undefined,
): Readable {
  // Pieces of 64 KiB, as a file stream would give them, so progress moves within a part.
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += 64 * 1024) {
    pieces.push(bytes.subarray(start, start + 64 * 1024));
  }
  return countedBody(Readable.from(pieces, { objectMode: false }), onProgress, bandwidth);
}
