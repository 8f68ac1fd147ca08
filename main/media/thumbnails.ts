import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileIdentity, PhotoFormat } from '../../shared/domain/intake';
import type { MediaWorkers } from './media-workers';

/** What a thumbnail is made from. */
export type ThumbnailSource = {
  readonly path: string;
  readonly format: PhotoFormat;
  readonly orientation: number;
  readonly md5: string;
  /**
   * The file as intake read it (device, inode, size, time), when recorded: the thumbnail is made
   * from that file only, never from another one swapped in at its path.
   */
  readonly identity?: FileIdentity | undefined;
};

/**
 * Thumbnails cached on disk by MD5 (`<cache>/ab/abcdef….jpg`), made on a worker thread the first
 * time they are asked for. The same photo under two names shares one thumbnail, and concurrent
 * requests for one photo share one job.
 */
export class Thumbnails {
  readonly #inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly workers: MediaWorkers,
    private readonly cacheDir: string,
  ) {}

  /** Where the thumbnail of `md5` lives (whether or not it exists yet). */
  pathFor(md5: string): string {
    if (!/^[0-9a-f]{32}$/.test(md5)) throw new Error('Not an MD5');
    return join(this.cacheDir, md5.slice(0, 2), `${md5}.jpg`);
  }

  /**
   * The thumbnail file for a photo, made if needed.
   * @throws when the image cannot be decoded (the caller shows a placeholder).
   */
  async get(source: ThumbnailSource): Promise<string> {
    const target = this.pathFor(source.md5);
    const running = this.#inFlight.get(source.md5);
    if (running) return running;
    const job = (async () => {
      try {
        await access(target);
        return target;
      } catch {
        await this.workers.thumbnail({
          type: 'thumbnail',
          path: source.path,
          format: source.format,
          orientation: source.orientation,
          target,
          expected: source.identity,
        });
        return target;
      }
    })().finally(() => this.#inFlight.delete(source.md5));
    this.#inFlight.set(source.md5, job);
    return job;
  }
}
