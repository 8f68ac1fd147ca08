import { type ResourceLimits, Worker } from 'node:worker_threads';
import { InspectorActivity } from './inspector-activity';
import type { WorkerRequest, WorkerResponse } from './worker-protocol';

/** A worker that has not loaded after this long is replaced. */
const START_TIME_LIMIT_MS = 60_000;

/** A request as a slot is asked it: the slot numbers it. */
export type Request = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** Why a worker stopped answering; `outOfMemory` when it reached its heap limit. */
export class WorkerLost extends Error {
  constructor(
    message: string,
    readonly outOfMemory = false,
  ) {
    super(message);
  }
}

/** Whether a worker's error is its death at the heap limit (`resourceLimits`). */
export function isOutOfMemory(error: Error): boolean {
  return error instanceof WorkerLost
    ? error.outOfMemory
    : 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
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
export class WorkerSlot {
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
