import { words } from '../../shared/i18n/words';
import { createHash } from 'node:crypto';
import { access, type FileHandle, mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { requireSecureAddress } from '../../shared/domain/secure-address';
import type { PhotoHost, StageRequest, Staged } from './photo-host';
import { StagingError } from './photo-host';

/** Photos that already sit in a folder a web server publishes. */
export type PublishedFolderConfig = {
  /** The local folder the web server publishes. */
  readonly root: string;
  /** The URL the folder is published at, e.g. `https://photos.example.com/site/`. */
  readonly urlPrefix: string;
};

/**
 * The folder of the published folder that JPEGs converted from HEIC/TIFF photos are copied to
 * (the originals' folders are the user's; nothing is written there). Not a dot-folder: some web
 * servers refuse to serve those.
 */
export const CONVERTED_FOLDER = 'photo-uploader-jpeg';

/** Reads exactly `size` bytes of `file` from its start, or undefined when it has fewer. */
async function readAll(file: FileHandle, size: number): Promise<Buffer | undefined> {
  const bytes = Buffer.alloc(size);
  let read = 0;
  while (read < size) {
    const { bytesRead } = await file.read(bytes, read, size - read, read);
    if (bytesRead === 0) return undefined;
    read += bytesRead;
  }
  return bytes;
}

/**
 * Maps a file under the published folder to its URL; nothing is copied, except a JPEG converted
 * from a HEIC or TIFF photo: the service must fetch exactly the bytes whose MD5 the queue keeps
 * for the reconcile, so those bytes are written under `CONVERTED_FOLDER`, named by their MD5. A file outside the folder
 * cannot be reached by the service and is refused with a reason. The constructor throws
 * InsecureAddressError, naming the address, for a plain-http URL on another computer.
 */
export class PublishedFolderHost implements PhotoHost {
  readonly kind = 'published';

  constructor(private readonly config: PublishedFolderConfig) {
    requireSecureAddress(config.urlPrefix);
  }

  /** Photos must sit under the published folder: the host test writes its image there. */
  get localFolder(): string {
    return this.config.root;
  }

  async stage(request: StageRequest): Promise<Staged> {
    let file: string;
    let root: string;
    try {
      [file, root] = await Promise.all([realpath(request.path), realpath(this.config.root)]);
    } catch {
      throw new StagingError(words('reason.staging.fileGone'));
    }
    // Refused when outside the folder, also for a converted photo: like any photo of this host.
    const uri = this.#url(relative(root, file));
    if (request.converted === true) return this.#stageConverted(request);
    return { uri, expiresAt: undefined, bytesSent: 0 };
  }

  /** Writes the converted bytes into the published folder (named by their MD5) and maps them. */
  async #stageConverted(request: StageRequest): Promise<Staged> {
    const bytes = request.file && (await readAll(request.file, request.size));
    // The bytes read must be the bytes whose MD5 is recorded as uploaded.
    if (bytes === undefined || createHash('md5').update(bytes).digest('hex') !== request.md5)
      throw new StagingError(words('reason.staging.convertedChanged'));
    const name = `${request.md5}.jpg`;
    const folder = join(this.config.root, CONVERTED_FOLDER);
    const partial = join(folder, `${name}.${process.pid}.partial`);
    try {
      await mkdir(folder, { recursive: true });
      // Readable by the web server that publishes the folder (the default mode, not 0o600).
      await writeFile(partial, bytes);
      await rename(partial, join(folder, name));
    } catch {
      throw new StagingError(words('reason.staging.convertedNotWritten'));
    } finally {
      await rm(partial, { force: true });
    }
    request.onProgress?.(bytes.length);
    return {
      uri: this.#url(`${CONVERTED_FOLDER}${sep}${name}`),
      expiresAt: undefined,
      bytesSent: bytes.length,
    };
  }

  /** The URL of `inside`, a path relative to the published folder (refused when outside it). */
  #url(inside: string): string {
    if (inside === '' || inside.startsWith('..') || inside.startsWith(sep)) {
      throw new StagingError(words('reason.staging.outsidePublishedFolder'));
    }
    const prefix = this.config.urlPrefix.endsWith('/')
      ? this.config.urlPrefix
      : `${this.config.urlPrefix}/`;
    return new URL(inside.split(sep).map(encodeURIComponent).join('/'), prefix).href;
  }

  async test(): Promise<void> {
    try {
      await access(this.config.root);
    } catch {
      throw new StagingError(words('reason.staging.publishedFolderUnreadable'));
    }
  }
}
