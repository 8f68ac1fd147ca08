import { Transform } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';

/** Milliseconds on a steady clock (`performance.now()` by default; tests pass their own). */
type Now = () => number;
type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

const realSleep: Sleep = (ms, signal) => delay(ms, undefined, signal ? { signal } : {});

/**
 * The share of the cap the file bytes may use: the rest is headroom for what else goes on the
 * wire (request headers, the look before each upload), so the cap holds for every byte sent.
 */
const BODY_SHARE = 0.98;

/**
 * A token bucket in bytes: at most `bytesPerSecond` on average (file bytes at `BODY_SHARE` of
 * it), with a burst of a fiftieth of a second (at least 32 KiB, so small caps still move whole
 * file chunks in a few pieces). It starts empty, so even the first second keeps to the cap. One
 * limiter is shared by every upload stream of an engine, so the cap holds whatever the number of
 * lanes. Callers are served first come, first served, so no lane starves another.
 * (No maintained npm package offered a shared byte-rate bucket usable on a stream; this is small.)
 */
export class BandwidthLimiter {
  readonly #capacity: number;
  readonly #perMs: number;
  #tokens: number;
  #updatedAt: number;
  #turn: Promise<void> = Promise.resolve();

  constructor(
    readonly bytesPerSecond: number,
    private readonly now: Now = () => performance.now(),
    private readonly sleep: Sleep = realSleep,
  ) {
    if (!(bytesPerSecond > 0)) throw new RangeError('A bandwidth cap must be above 0 bytes/s');
    this.#capacity = Math.max(32 * 1024, Math.floor(bytesPerSecond / 50));
    this.#perMs = (bytesPerSecond * BODY_SHARE) / 1000;
    this.#tokens = 0;
    this.#updatedAt = now();
  }

  /**
   * The most bytes that go at once (a stream sends a larger chunk in pieces of this): half the
   * bucket, so a wait that oversleeps keeps what it earned instead of losing it at the brim.
   */
  get burstBytes(): number {
    return Math.floor(this.#capacity / 2);
  }

  /**
   * Waits until `bytes` may be sent (more than `burstBytes` are counted out piece by piece);
   * throws when `signal` aborts.
   */
  take(bytes: number, signal?: AbortSignal): Promise<void> {
    const mine = this.#turn.then(async () => {
      for (let left = bytes; left > 0; left -= this.burstBytes)
        await this.#waitFor(Math.min(left, this.burstBytes), signal);
    });
    this.#turn = mine.catch(() => undefined);
    return mine;
  }

  async #waitFor(bytes: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.now();
      this.#tokens = Math.min(this.#capacity, this.#tokens + (now - this.#updatedAt) * this.#perMs);
      this.#updatedAt = now;
      if (this.#tokens >= bytes) {
        this.#tokens -= bytes;
        return;
      }
      await this.sleep(Math.max(1, (bytes - this.#tokens) / this.#perMs), signal);
    }
  }
}

/**
 * A pass-through stream that lets bytes through only as fast as `limiter` allows (a chunk larger
 * than the limiter's burst goes in pieces). Its backpressure holds the file read back, so the
 * upload never races ahead of the cap.
 */
export function throttledStream(limiter: BandwidthLimiter): Transform {
  const abort = new AbortController();
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      void (async () => {
        for (let start = 0; start < chunk.length; start += limiter.burstBytes) {
          const piece = chunk.subarray(start, start + limiter.burstBytes);
          await limiter.take(piece.length, abort.signal);
          this.push(piece);
        }
      })().then(
        () => done(),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, callback) {
      // A destroyed upload (aborted, failed) leaves the limiter's queue at once.
      abort.abort();
      callback(error);
    },
  });
}
