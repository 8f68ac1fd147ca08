import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PhotoStore, StoredPhoto } from '../store/photo-store';
import { sniffImage } from './image-type';
import { FetchError, type SafeFetcher } from './safe-fetch';

/** Downloads at once, at most. */
const CONCURRENCY = 8;

/**
 * The service's background work after a create: download `uri`, check the image type, compute the
 * MD5 `hash`, and end `processed`, `duplicate` (same MD5 already processed in the project) or
 * `processing_error` with a reason.
 */
export class PhotoProcessor {
  readonly #waiting: StoredPhoto[] = [];
  readonly #running = new Set<Promise<void>>();
  #idleWaiters: (() => void)[] = [];

  constructor(
    private readonly store: PhotoStore,
    private readonly fetcher: SafeFetcher,
    private readonly processingDelayMs: number,
  ) {}

  /** Queues a freshly created photo; returns at once. Work starts after the current answer. */
  enqueue(photo: StoredPhoto): void {
    this.#waiting.push(photo);
    setImmediate(() => this.#pump());
  }

  /** Resolves once no photo is waiting or being processed. */
  idle(): Promise<void> {
    if (this.#waiting.length === 0 && this.#running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #pump(): void {
    while (this.#running.size < CONCURRENCY) {
      const photo = this.#waiting.shift();
      if (photo === undefined) break;
      const job = this.#process(photo).finally(() => {
        this.#running.delete(job);
        this.#pump();
      });
      this.#running.add(job);
    }
    if (this.#waiting.length === 0 && this.#running.size === 0) {
      const waiters = this.#idleWaiters;
      this.#idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  async #process(photo: StoredPhoto): Promise<void> {
    this.#set(photo, 'processing');
    if (this.processingDelayMs > 0) await sleep(this.processingDelayMs);
    let bytes: Buffer;
    try {
      bytes = await this.fetcher.fetch(photo.uri);
    } catch (error) {
      const reason = error instanceof FetchError ? error.message : 'Download failed';
      this.#fail(photo, reason);
      return;
    }
    const type = await sniffImage(bytes);
    if (!type.ok) {
      this.#fail(photo, type.reason);
      return;
    }
    const hash = createHash('md5').update(bytes).digest('hex');
    // Check and mark in one synchronous step, so two copies processed together cannot both win.
    const original = this.store
      .photosOfProject(photo.projectId)
      .find(
        (other) =>
          other.id !== photo.id && other.hash === hash && other.processingStatus === 'processed',
      );
    photo.hash = hash;
    photo.mediaType = type.mediaType;
    photo.bytes = bytes;
    this.#set(photo, original ? 'duplicate' : 'processed');
  }

  #fail(photo: StoredPhoto, reason: string): void {
    photo.errorReason = reason;
    this.#set(photo, 'processing_error');
  }

  #set(photo: StoredPhoto, status: StoredPhoto['processingStatus']): void {
    photo.processingStatus = status;
    this.store.touch(photo);
  }
}
