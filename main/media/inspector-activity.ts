/**
 * Which file of its current request an inspector thread is working on, and how far it has got,
 * in memory shared with main: a thread blocked in a read (a hung network drive) can send no
 * message, so the watchdog reads this instead. An inspector may have several files in flight
 * (their MD5s run side by side, see `LaneHasher`): `current` names the one it touched last, and
 * `progress` moves on every step, so that four large files on a slow drive, each reported only
 * when done, are not taken for a hang.
 */
export class InspectorActivity {
  readonly #slot: Int32Array;

  /** Over `buffer` (shared with the other thread), or a new one. */
  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(8)) {
    this.#slot = new Int32Array(buffer, 0, 2);
  }

  /** From the inspector thread: it is about to work on file `index` of its request (a step). */
  workingOn(index: number): void {
    Atomics.store(this.#slot, 0, index);
    Atomics.add(this.#slot, 1, 1);
  }

  /** A count that moves with every `workingOn`: unchanged for a while, the thread is stuck. */
  get progress(): number {
    return Atomics.load(this.#slot, 1);
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
  return new InspectorActivity(
    buffer instanceof SharedArrayBuffer && buffer.byteLength >= 8 ? buffer : undefined,
  );
}
