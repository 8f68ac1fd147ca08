import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The S3 operations the store tells apart in its traffic counts. */
export type S3Operation =
  | 'PutObject'
  | 'GetObject'
  | 'HeadObject'
  | 'DeleteObject'
  | 'CreateMultipartUpload'
  | 'UploadPart'
  | 'CompleteMultipartUpload'
  | 'AbortMultipartUpload'
  | 'Other';

/** The operation a request asks for, from its method and query (path-style addressing). */
export function s3Operation(method: string | undefined, url: URL): S3Operation {
  const query = url.searchParams;
  const onObject = url.pathname.split('/').filter(Boolean).length >= 2;
  if (!onObject) return 'Other';
  if (query.has('uploadId')) {
    if (method === 'PUT' && query.has('partNumber')) return 'UploadPart';
    if (method === 'POST') return 'CompleteMultipartUpload';
    if (method === 'DELETE') return 'AbortMultipartUpload';
    return 'Other';
  }
  if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload';
  // The SDK names its operation in `x-id`; a presigned URL carries its signature in X-Amz-*.
  const subresource = [...query.keys()].some(
    (name) => name !== 'x-id' && !name.startsWith('X-Amz-'),
  );
  if (subresource) return 'Other';
  if (method === 'PUT') return 'PutObject';
  if (method === 'GET') return 'GetObject';
  if (method === 'HEAD') return 'HeadObject';
  if (method === 'DELETE') return 'DeleteObject';
  return 'Other';
}

/**
 * What the store has seen, for tests that must show how a client used it: TCP connections
 * accepted (keep-alive reuses them), requests by operation, and multipart uploads begun but
 * neither completed nor aborted.
 */
export type S3StoreTraffic = {
  readonly connections: number;
  readonly operations: Readonly<Partial<Record<S3Operation, number>>>;
  pendingUploads(): Promise<number>;
};

/** s3rver keeps each open multipart upload in a folder named by its id (hex). */
const UPLOAD_ID = /^[0-9a-f]{16,64}$/;

/**
 * AbortMultipartUpload, which s3rver 3 does not implement (it answers 405): removes the
 * upload's folder from `uploadsFolder`, so its parts are gone, and answers 204 as S3 does; an
 * unknown id answers NoSuchUpload.
 */
export async function abortUpload(
  uploadsFolder: string,
  uploadId: string | null,
  response: ServerResponse,
): Promise<void> {
  const known =
    uploadId !== null &&
    UPLOAD_ID.test(uploadId) &&
    (await openUploads(uploadsFolder)).includes(uploadId);
  if (!known) {
    response
      .writeHead(404, { 'content-type': 'application/xml' })
      .end(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
      );
    return;
  }
  await rm(join(uploadsFolder, uploadId), { recursive: true, force: true });
  response.writeHead(204).end();
}

/** Multipart uploads still open in `uploadsFolder`. */
export async function countPendingUploads(uploadsFolder: string): Promise<number> {
  return (await openUploads(uploadsFolder)).length;
}

async function openUploads(uploadsFolder: string): Promise<string[]> {
  const entries = await readdir(uploadsFolder).catch((): string[] => []);
  return entries.filter((name) => UPLOAD_ID.test(name));
}

/** Drains a request body the store will not read, so the connection can carry the next one. */
export function drain(request: IncomingMessage): void {
  request.resume();
}
