import type { CameraOffset } from '../../shared/domain/camera-clock';
import { words } from '../../shared/i18n/words';
import { availableParallelism } from 'node:os';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { Logger } from '../logging/logger';
import type { CrawlEntry } from './crawl';
import type { FileQueue } from './file-queue';
import { DEFAULT_MAX_FILE_BYTES } from './file-limits';
import { WORKER_HEAP_MB } from './media-limits';
import { InspectorActivity } from './inspector-activity';
import { threadPriorityIsOwn } from './thread-priority';
import type { InspectMode, InspectResult, WorkerRequest, WorkerResponse } from './worker-protocol';

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

/** A worker that has not loaded after this long is replaced. */
const START_TIME_LIMIT_MS = 60_000;

/**
 * A file is given up on when its worker makes no step for this long (a read that hangs on a stuck
 * network drive…); a slow read that keeps going is not stopped.
 */
export const DEFAULT_FILE_TIME_LIMIT_MS = 30_000;

type Request = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** Why a worker stopped answering; `outOfMemory` when it reached its heap limit. */
class WorkerLost extends Error {
  constructor(
    message: string,
    readonly outOfMemory = false,
  ) {
    super(message);
  }
}

/** Whether a worker's error is its death at the heap limit (`resourceLimits`). */
function isOutOfMemory(error: Error): boolean {
  return error instanceof WorkerLost
    ? error.outOfMemory
    : 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

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

/**
 * Starts a worker with a heap limit; a TypeScript entry (tests, the command line) goes through
 * the tsx bootstrap.
 */
function startWorker(
  entry: URL,
  heapMb: number,
  threadNice: number,
  activity: InspectorActivity,
): Worker {
  const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: heapMb };
  const workerData = { threadNice, activity: activity.buffer };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits, workerData });
  return new Worker(new URL('./ts-worker-bootstrap.mjs', import.meta.url), {
    workerData: { ...workerData, entry: entry.href },
    resourceLimits,
  });
}

/** One worker thread with request/response bookkeeping. */
class WorkerSlot {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    {
      onMessage: (message: WorkerResponse) => void;
      resolve: () => void;
      reject: (error: Error) => void;
    }
  >();
  #nextId = 1;
  #lost: Error | undefined;
  /** Which file of its current inspection the worker is on (see `InspectorActivity`). */
  readonly activity = new InspectorActivity();
  /** Resolves once the worker has loaded (its start-up is not counted against any file). */
  readonly ready: Promise<void>;

  constructor(entry: URL, heapMb: number, threadNice: number) {
    this.#worker = startWorker(entry, heapMb, threadNice, this.activity);
    let markReady: () => void = () => undefined;
    let failStart: (error: Error) => void = () => undefined;
    this.ready = new Promise((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    // Nobody may be waiting when a worker fails before it is used.
    this.ready.catch(() => undefined);
    const startDeadline = setTimeout(() => void this.#worker.terminate(), START_TIME_LIMIT_MS);
    void this.ready.then(
      () => clearTimeout(startDeadline),
      () => clearTimeout(startDeadline),
    );
    this.#worker.on('message', (message: WorkerResponse) => {
      if (message.type === 'ready') {
        markReady();
        return;
      }
      const pending = this.#pending.get(message.id);
      if (pending === undefined) return;
      if (message.type === 'done') {
        this.#pending.delete(message.id);
        pending.resolve();
      } else if (message.type === 'failed') {
        this.#pending.delete(message.id);
        pending.reject(new Error(message.message));
      } else {
        pending.onMessage(message);
      }
    });
    const lose = (error: Error) => {
      this.#lost ??= error;
      const lost = new WorkerLost(error.message, isOutOfMemory(this.#lost));
      failStart(lost);
      for (const pending of this.#pending.values()) pending.reject(lost);
      this.#pending.clear();
    };
    this.#worker.on('error', lose);
    this.#worker.on('exit', (code) => lose(new WorkerLost(`the media worker exited (${code})`)));
  }

  get alive(): boolean {
    return this.#lost === undefined;
  }

  request(
    request: Request,
    onMessage: (message: WorkerResponse) => void = () => undefined,
  ): Promise<void> {
    if (this.#lost)
      return Promise.reject(new WorkerLost(this.#lost.message, isOutOfMemory(this.#lost)));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { onMessage, resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  /**
   * Gives the worker up at once: what it was asked fails with `error`, and it is stopped without
   * waiting. A thread stuck in a read of its own (a hung network drive, see `DirectHandle`) only
   * exits once that read returns, so nothing may wait for its exit.
   */
  abandon(error: WorkerLost): void {
    this.#lost ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    void this.#worker.terminate().catch(() => undefined);
  }

  async terminate(): Promise<void> {
    // An abandoned worker may never exit (see `abandon`), nor may a busy one: its thread may be
    // blocked in a read or `stat` of its own (the inspectors' reads, the crawler's calls).
    if (!this.alive) {
      void this.#worker.terminate().catch(() => undefined);
      return;
    }
    if (this.#pending.size > 0) {
      this.abandon(new WorkerLost('the media worker was stopped'));
      return;
    }
    await this.#worker.terminate();
  }
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
      try {
        await slot.request({ ...request, files: chunk }, (message) => {
          if (message.type !== 'result' || reported.has(message.index)) return;
          reported.add(message.index);
          arm();
          onResult(message.result);
        });
      } catch (error) {
        const unreported = chunk.flatMap((file, at) => (reported.has(at) ? [] : [{ file, at }]));
        if (unreported.length === 0) continue;
        // The file the worker was on when it hung or died, else the first it had not reported.
        const on = timedOut ? blamed : slot.activity.current;
        const stuck = unreported.find(({ at }) => at === on) ?? unreported[0]!;
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
        queue.pushFront(unreported.filter((entry) => entry !== stuck).map(({ file }) => file));
      } finally {
        clearTimeout(timer);
      }
    }
  }
}
