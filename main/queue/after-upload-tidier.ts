import { serviceHolds } from '../../shared/domain/after-upload';
import type { Logger } from '../logging/logger';
import { tidyFile, type TrashPort } from '../media/after-upload-files';
import type { QueueStore } from './queue-store';

/**
 * Tidies the files of uploaded photos as their batch asked (issue 26 §3): moves or trashes each
 * once the service holds it, one at a time, recording every step in the queue. Run after each
 * run of the engine and when an item is done; a run also finishes what a crash cut short.
 */
export class AfterUploadTidier {
  #running: Promise<void> | undefined;
  #again = false;
  #closed = false;

  constructor(
    private readonly store: Pick<QueueStore, 'afterUpload' | 'get'>,
    private readonly ports: {
      readonly trash: TrashPort;
      readonly logger: Logger;
      /** Items whose after-upload result changed, for the window. */
      readonly changed: (ids: readonly number[]) => void;
    },
  ) {}

  /**
   * Tidies every file left to tidy, including those that become due while it runs; resolves when
   * none is left (a call made during a run resolves after a run that began after it).
   */
  run(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#running !== undefined) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await this.#pass();
      } while (this.#again && !this.#closed);
    })().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /** Stops after the file being tidied (its steps are recorded: the next start finishes it). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#running;
  }

  async #pass(): Promise<void> {
    // Ids tidied in this pass: one whose result could not be recorded is not tried again here.
    const tried = new Set<number>();
    for (;;) {
      const ids = this.store.afterUpload.pending().filter((id) => !tried.has(id));
      if (ids.length === 0 || this.#closed) return;
      for (const id of ids) {
        if (this.#closed) return;
        tried.add(id);
        try {
          await this.#tidy(id);
        } catch (error) {
          // The queue could not record a step: the file stays as it is, tried again next run.
          this.ports.logger.error('could not tidy a file after upload', { itemId: id, error });
        }
      }
    }
  }

  async #tidy(id: number): Promise<void> {
    const item = this.store.get(id);
    if (item === undefined || !serviceHolds(item)) return;
    const action = item.after_upload;
    if (action === null || item.path === null || item.md5 === null || item.format === null) return;
    const result = await tidyFile(
      {
        path: item.path,
        root: item.after_upload_root ?? item.path,
        md5: item.md5,
        format: item.format,
        identity: item.file_identity,
        action,
        recorded: item.after_upload_result,
      },
      { trash: this.ports.trash, record: (step) => this.store.afterUpload.record(id, step) },
    );
    // Paths stay out of the log (they name sites and people): the item id and what happened.
    if (result.kind === 'left')
      this.ports.logger.warn('left a file where it is after upload', {
        itemId: id,
        reason: result.reason.key,
      });
    else this.ports.logger.info('tidied a file after upload', { itemId: id, result: result.kind });
    this.ports.changed([id]);
  }
}
