import { access, realpath } from 'node:fs/promises';
import { relative, sep } from 'node:path';
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
 * Maps a file under the published folder to its URL; nothing is copied. A file outside the folder
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
      throw new StagingError('The file or the published folder can no longer be found');
    }
    const inside = relative(root, file);
    if (inside === '' || inside.startsWith('..') || inside.startsWith(sep)) {
      throw new StagingError(
        'The photo is not inside the published folder, so the Photo Service cannot download it',
      );
    }
    const prefix = this.config.urlPrefix.endsWith('/')
      ? this.config.urlPrefix
      : `${this.config.urlPrefix}/`;
    const uri = new URL(inside.split(sep).map(encodeURIComponent).join('/'), prefix).href;
    return { uri, expiresAt: undefined, bytesSent: 0 };
  }

  async test(): Promise<void> {
    try {
      await access(this.config.root);
    } catch {
      throw new StagingError('The published folder cannot be read');
    }
  }
}
