import type { CrawledFile } from './crawl';

/** Files waiting for inspection, fed by the crawl while inspectors take chunks. */
export class FileQueue {
  readonly #files: CrawledFile[] = [];
  #closed = false;
  #waiters: (() => void)[] = [];

  push(files: readonly CrawledFile[]): void {
    this.#files.push(...files);
    this.#wake();
  }

  /** Puts files back at the front (after a worker was lost). */
  pushFront(files: readonly CrawledFile[]): void {
    this.#files.unshift(...files);
    this.#wake();
  }

  /** No more files will come. */
  close(): void {
    this.#closed = true;
    this.#wake();
  }

  /** Up to `max` files, waiting for some; undefined once closed and empty. */
  async take(max: number): Promise<CrawledFile[] | undefined> {
    while (this.#files.length === 0) {
      if (this.#closed) return undefined;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
    return this.#files.splice(0, max);
  }

  #wake(): void {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }
}
