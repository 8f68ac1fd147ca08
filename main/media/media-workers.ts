import type { CameraOffset } from '../../shared/domain/camera-clock';
import { words } from '../../shared/i18n/words';
import { availableParallelism } from 'node:os';
import type { Logger } from '../logging/logger';
import type { CrawledFile, CrawlEntry } from './crawl';
import type { FileQueue } from './file-queue';
import { DEFAULT_MAX_FILE_BYTES } from './file-limits';
import { WORKER_HEAP_MB } from './media-limits';
import { threadPriorityIsOwn } from './thread-priority';
import { isOutOfMemory, WorkerLost, WorkerSlot } from './worker-slot';
import type { InspectMode, InspectResult, WorkerRequest } from './worker-protocol';

/** Files handed to a worker at a time: small, so a slow file holds up little. */
const CHUNK = 8;

/** Inspector threads at most, however many cores there are. */
const MAX_INSPECTORS = 8;

/**
 * Inspector threads for `cores` cores. An inspector reads on its own thread (`DirectHandle`) and
 * waits there for the disk, so the threads are also how many reads the disk has to serve at once:
 * with one per core, the inspectors spent half their time waiting for a cold disk (issue 26's
 * profile), as they would for a network drive. So two per core (up to `MAX_INSPECTORS`), unless
 * they share the machine with the window at its own priority (`yieldToWindow` false: the app on
 * macOS and Windows, where one thread's priority cannot be lowered): then one per core, so that
 * a keystroke is not queued behind twice as many busy threads.
 */
export function defaultInspectors(cores: number, yieldToWindow = true): number {
  const perCore = yieldToWindow ? 2 : 1;
  return Math.max(2, Math.min(MAX_INSPECTORS, perCore * cores));
}

/**
 * A file is given up on when its worker makes no step for this long (a read that hangs on a stuck
 * network drive…); a slow read that keeps going is not stopped.
 */
export const DEFAULT_FILE_TIME_LIMIT_MS = 30_000;

/** What an inspection is asked for. */
export type InspectOptions = {
  readonly assumedZone: string;
  readonly mode: InspectMode;
  /** Files larger than this are refused before they are read; default 500 MiB. */
  readonly maxFileBytes?: number;
  /** Saved camera clock offsets, applied to their cameras' wall times. */
  readonly cameraOffsets?: readonly CameraOffset[] | undefined;
};

/** A worker entry beside this module: the bundled JavaScript in the built app, the TypeScript source otherwise. */
function entryBeside(name: 'media-worker' | 'crawl-worker'): URL {
  return new URL(
    import.meta.url.endsWith('.ts') ? `./${name}.ts` : `./${name}.js`,
    import.meta.url,
  );
}

export type MediaWorkersOptions = {
  readonly logger: Logger;
  /** Inspector threads; default `defaultInspectors` of the cores. */
  readonly inspectors?: number;
  readonly fileTimeLimitMs?: number;
  /** Another inspector entry speaking the same protocol (tests, the benchmark's bundled build). */
  readonly workerEntry?: URL;
  /** Another crawler entry. */
  readonly crawlerEntry?: URL;
  /**
   * The nice value the threads lower themselves to where a thread can (Linux; see
   * `thread-priority.ts`); default 0, as the command line runs them. The app core passes
   * `MEDIA_THREAD_NICE` so that its window goes first.
   */
  readonly threadNice?: number;
  /** Heap limit of each inspector thread in MiB (default `WORKER_HEAP_MB.inspector`). */
  readonly inspectorHeapMb?: number;
};

/**
 * The media worker threads: one crawler, several inspectors, made on first use, each with a heap
 * limit. Inspection is guarded per file: a file that hangs past the time limit, or takes its
 * worker down (its heap limit reached, for one), becomes an error item with a reason, the worker
 * is replaced, and the rest of the batch goes on.
 */
export class MediaWorkers {
  #crawler: WorkerSlot | undefined;
  readonly #inspectors: (WorkerSlot | undefined)[];
  readonly #timeLimitMs: number;
  readonly #entry: URL;
  readonly #crawlerEntry: URL;
  readonly #threadNice: number;

  constructor(private readonly options: MediaWorkersOptions) {
    this.#entry = options.workerEntry ?? entryBeside('media-worker');
    this.#crawlerEntry = options.crawlerEntry ?? entryBeside('crawl-worker');
    this.#inspectors = Array.from(
      {
        length: Math.max(
          1,
          options.inspectors ??
            defaultInspectors(
              availableParallelism(),
              (options.threadNice ?? 0) === 0 || threadPriorityIsOwn(process.platform),
            ),
        ),
      },
      () => undefined,
    );
    this.#timeLimitMs = options.fileTimeLimitMs ?? DEFAULT_FILE_TIME_LIMIT_MS;
    this.#threadNice = options.threadNice ?? 0;
  }

  /**
   * Starts every thread now and resolves when they have loaded, so that the first drop is not
   * kept waiting (the app calls this at start).
   */
  async warmUp(): Promise<void> {
    if (!this.#crawler?.alive)
      this.#crawler = new WorkerSlot(this.#crawlerEntry, WORKER_HEAP_MB.crawler, this.#threadNice);
    const slots = [this.#crawler, ...this.#inspectors.map((_, index) => this.#slot(index))];
    await Promise.all(slots.map((slot) => slot.ready.catch(() => undefined)));
  }

  /**
   * Walks `roots` on the crawler thread, handing entries over in batches as they are found. A
   * root that is a link is followed unless `followRootLinks` is false; `ignore` patterns leave
   * paths out (see `crawl`).
   */
  async crawl(
    roots: readonly string[],
    onEntries: (entries: readonly CrawlEntry[]) => void,
    followRootLinks = true,
    ignore?: { readonly patterns: readonly string[]; readonly source: 'flag' | 'rule' },
  ): Promise<void> {
    if (!this.#crawler?.alive)
      this.#crawler = new WorkerSlot(this.#crawlerEntry, WORKER_HEAP_MB.crawler, this.#threadNice);
    const patterns = ignore !== undefined && ignore.patterns.length > 0 ? ignore : undefined;
    await this.#crawler.request(
      {
        type: 'crawl',
        roots,
        followRootLinks,
        ...(patterns && { ignore: patterns.patterns, ignoreSource: patterns.source }),
      },
      (message) => {
        if (message.type === 'crawled') onEntries(message.entries);
      },
    );
  }

  /** Inspects every file from `queue` on all inspector threads; resolves when the queue is drained. */
  async inspect(
    queue: FileQueue,
    options: InspectOptions,
    onResult: (result: InspectResult) => void,
  ): Promise<void> {
    await Promise.all(
      this.#inspectors.map((_, index) => this.#inspectLoop(index, queue, options, onResult)),
    );
  }

  /** Makes a thumbnail on an inspector thread. */
  async thumbnail(
    request: Omit<Extract<WorkerRequest, { type: 'thumbnail' }>, 'id'>,
  ): Promise<'embedded' | 'decoded'> {
    const slot = this.#slot(0);
    let source: 'embedded' | 'decoded' = 'decoded';
    await slot.request(request, (message) => {
      if (message.type === 'thumbnail') source = message.source;
    });
    return source;
  }

  /**
   * Converts a HEIC/HEIF or TIFF photo to a JPEG on an inspector thread (the last one, so that a
   * long conversion holds up thumbnails as little as it can).
   * @throws when the photo cannot be converted (the message says why) or the worker was lost.
   */
  async convertToJpeg(
    request: Omit<Extract<WorkerRequest, { type: 'convert-to-jpeg' }>, 'id' | 'type'>,
  ): Promise<void> {
    const slot = this.#slot(this.#inspectors.length - 1);
    await slot.request({ type: 'convert-to-jpeg', ...request });
  }

  async close(): Promise<void> {
    const slots = [this.#crawler, ...this.#inspectors].filter(
      (slot): slot is WorkerSlot => slot !== undefined,
    );
    this.#crawler = undefined;
    this.#inspectors.fill(undefined);
    await Promise.all(slots.map((slot) => slot.terminate()));
  }

  #slot(index: number): WorkerSlot {
    let slot = this.#inspectors[index];
    if (!slot?.alive) {
      slot = new WorkerSlot(
        this.#entry,
        this.options.inspectorHeapMb ?? WORKER_HEAP_MB.inspector,
        this.#threadNice,
      );
      this.#inspectors[index] = slot;
    }
    return slot;
  }

  async #inspectLoop(
    index: number,
    queue: FileQueue,
    options: InspectOptions,
    onResult: (result: InspectResult) => void,
  ): Promise<void> {
    const request = {
      type: 'inspect',
      assumedZone: options.assumedZone,
      mode: options.mode,
      maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
      cameraOffsets: options.cameraOffsets ?? [],
    } as const;
    for (
      let chunk = await queue.take(CHUNK);
      chunk !== undefined;
      chunk = await queue.take(CHUNK)
    ) {
      const slot = this.#slot(index);
      await slot.ready.catch(() => undefined);
      const reported = new Set<number>();
      let timedOut = false;
      /** The file the worker was on when it was given up (read then, not after it moved on). */
      let blamed = -1;
      let timer: NodeJS.Timeout | undefined;
      // Given up when a whole time limit passes with no step made (no read begun, no result):
      // a hung read. A slow drive that keeps going is not one, even with several large files
      // in flight, each reported only when its MD5 is done.
      const arm = () => {
        clearTimeout(timer);
        const seen = slot.activity.progress;
        timer = setTimeout(() => {
          if (slot.activity.progress !== seen) {
            arm();
            return;
          }
          timedOut = true;
          blamed = slot.activity.current;
          slot.abandon(new WorkerLost('the media worker took too long on a file'));
        }, this.#timeLimitMs);
      };
      slot.activity.reset();
      arm();
      const unreported = () =>
        chunk.flatMap((file, at) => (reported.has(at) ? [] : [{ file, at }]));
      try {
        await slot.request({ ...request, files: chunk }, (message) => {
          if (message.type !== 'result' || !isFileOf(chunk, message.index)) return;
          if (reported.has(message.index)) return;
          reported.add(message.index);
          arm();
          onResult(message.result);
        });
        const missed = unreported();
        for (const { at } of missed) reported.add(at);
        this.#reportMissed(missed, onResult);
      } catch (error) {
        const missed = unreported();
        if (missed.length === 0) continue;
        // The file the worker was on when it hung or died, else the first it had not reported.
        const on = timedOut ? blamed : slot.activity.current;
        const stuck = missed.find(({ at }) => at === on) ?? missed[0]!;
        const outOfMemory = error instanceof Error && isOutOfMemory(error);
        const reason = timedOut
          ? words('reason.intake.readTimedOut', {
              seconds: Number((this.#timeLimitMs / 1000).toFixed(1)),
            })
          : outOfMemory
            ? words('reason.intake.readOutOfMemory')
            : words('reason.intake.readerStopped');
        this.options.logger.warn('media worker lost while inspecting a file', {
          timedOut,
          outOfMemory,
          error,
        });
        onResult({ status: 'error', path: stuck.file.path, reason });
        // The others it had in hand (their MD5s may have been under way) go to another worker.
        queue.pushFront(missed.filter((entry) => entry !== stuck).map(({ file }) => file));
      } finally {
        clearTimeout(timer);
      }
    }
  }

  /**
   * Files a worker said it was done with but never reported (a broken worker): each becomes an
   * error item, so that none is waited for, and none is sent back to the queue, where the same
   * fault could hand it round for ever.
   */
  #reportMissed(
    missed: readonly { readonly file: CrawledFile }[],
    onResult: (result: InspectResult) => void,
  ): void {
    if (missed.length === 0) return;
    this.options.logger.warn('media worker finished without reporting every file', {
      missed: missed.length,
    });
    for (const { file } of missed)
      onResult({ status: 'error', path: file.path, reason: words('reason.intake.readerStopped') });
  }
}

/** Whether `index`, from a worker's message, names one of `chunk`'s files. */
function isFileOf(chunk: readonly CrawledFile[], index: unknown): index is number {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < chunk.length;
}
