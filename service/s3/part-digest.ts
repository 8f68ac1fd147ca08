import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type S3rver from 's3rver';

/** s3rver's error type: thrown from the store, it answers with the code's S3 status and XML. */
type S3ErrorConstructor = new (code: string, message: string) => Error;

/** The part of s3rver's filesystem store this module replaces (s3rver ships no types for it). */
type PartStore = {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putPart(
    bucket: string,
    uploadId: string,
    partNumber: string,
    content: IncomingMessage,
  ): Promise<{ size: number; md5: string }>;
};

/**
 * Checks each multipart part against its Content-MD5, as S3 does (s3rver 3 does not): a part
 * whose bytes differ is removed and refused with BadDigest (400), so a client that hashes its
 * parts wrongly fails here as it would on S3.
 */
export function checkPartDigests(server: S3rver): void {
  const S3Error = createRequire(import.meta.url)('s3rver/lib/models/error') as S3ErrorConstructor;
  const store = (server as unknown as { store: PartStore }).store;
  const putPart = store.putPart.bind(store);
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const header = content.headers['content-md5'];
    const stored = await putPart(bucket, uploadId, partNumber, content);
    if (typeof header !== 'string') return stored;
    const expected = Buffer.from(header, 'base64').toString('hex');
    if (expected === stored.md5) return stored;
    const part = join(store.getResourcePath(bucket, '', 'uploads'), uploadId, partNumber);
    await rm(part, { force: true });
    await rm(`${part}.md5`, { force: true });
    throw new S3Error('BadDigest', 'The Content-MD5 you specified did not match what we received.');
  };
}
