import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type S3rver from 's3rver';

/** The parts of s3rver's filesystem store this module uses (s3rver ships no types for it). */
type FilesystemStore = {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: {
    bucket: string;
    key: string;
    metadata: unknown;
    content: Buffer | Readable;
  }): Promise<{ size: number; md5: string }>;
};

/**
 * Makes the store's PUTs atomic, as they are on S3. s3rver truncates an object's file and writes
 * it in place, so a GET that runs while the same key is written again gets half a file: the
 * local Photo Service then hashed a partial download and failed a photo that was fine. Here the
 * bytes go to a file beside the object and are renamed over it once complete, so a reader sees
 * the old object or the new one, never a mix.
 */
export function makePutsAtomic(server: S3rver): void {
  const store = (server as unknown as { store: FilesystemStore }).store;
  store.putObject = async (object) => {
    const target = store.getResourcePath(object.bucket, object.key, 'object');
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    await mkdir(dirname(target), { recursive: true });
    const hash = createHash('md5');
    let size = 0;
    try {
      await pipeline(
        Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            size += chunk.length;
            callback(null, chunk);
          },
        }),
        createWriteStream(partial),
      );
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const md5 = hash.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size, md5 };
  };
}

/** The folder where s3rver keeps `bucket`'s open multipart uploads, one folder per upload id. */
export function uploadsFolderOf(server: S3rver, bucket: string): string {
  const store = (server as unknown as { store: FilesystemStore }).store;
  return store.getResourcePath(bucket, '', 'uploads');
}
