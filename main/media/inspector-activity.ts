/**
 * Which file of its current request an inspector thread is working on, in memory shared with
 * main: a thread blocked in a read (a hung network drive) can send no message, so the watchdog
 * reads this instead to know which file to give up on. An inspector may have several files in
 * flight (their MD5s run side by side, see `LaneHasher`); this names the one it touched last.
 */
export class InspectorActivity {
  readonly #slot: Int32Array;

  /** Over `buffer` (shared with the other thread), or a new one. */
  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.#slot = new Int32Array(buffer, 0, 1);
  }

  /** From the inspector thread: it is about to work on file `index` of its request. */
  workingOn(index: number): void {
    Atomics.store(this.#slot, 0, index);
  }

  /** From main: before a new request, so that nothing is blamed on it from the last one. */
  reset(): void {
    Atomics.store(this.#slot, 0, -1);
  }

  /** The file index last set by `workingOn`, or -1. */
  get current(): number {
    return Atomics.load(this.#slot, 0);
  }
}

/** The activity slot a media thread was started with (`workerData.activity`), else a private one. */
export function activityFrom(workerData: unknown): InspectorActivity {
  const buffer =
    typeof workerData === 'object' && workerData !== null && 'activity' in workerData
      ? workerData.activity
      : undefined;
  return new InspectorActivity(buffer instanceof SharedArrayBuffer ? buffer : undefined);
}
