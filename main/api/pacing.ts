import type { Clock } from '../../shared/domain/clock';

/** A rate limit as the service states it: at most `limit` requests in any `windowMs`. */
export type RateLimit = { readonly limit: number; readonly windowMs: number };

/** The real service's limits per token: 100 writes and 240 reads a minute (service facts). */
export const DEFAULT_WRITE_LIMIT: RateLimit = { limit: 100, windowMs: 60_000 };
export const DEFAULT_READ_LIMIT: RateLimit = { limit: 240, windowMs: 60_000 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A token bucket shared by every request of one kind. With a burst of `b` and a refill of
 * `(limit − b) / window`, no window of `windowMs` can hold more than `limit` requests, even a
 * sliding one: the queue runs at the limit without hitting it. A 429 with `Retry-After` stops
 * the bucket until then.
 */
export class RateBucket {
  readonly #capacity: number;
  readonly #refillPerMs: number;
  #tokens: number;
  #updatedAt: number;
  #blockedUntil = 0;
  #turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly clock: Clock,
    limit: RateLimit,
  ) {
    // A small burst (2%) leaves one or two requests of slack for network jitter at the server.
    this.#capacity = Math.max(1, Math.floor(limit.limit * 0.02));
    this.#refillPerMs = (limit.limit - this.#capacity) / limit.windowMs;
    this.#tokens = this.#capacity;
    this.#updatedAt = clock.now();
  }

  /** Waits (first come, first served) until a request may go. */
  take(signal?: AbortSignal): Promise<void> {
    const mine = this.#turn.then(() => this.#waitForToken(signal));
    this.#turn = mine.catch(() => undefined);
    return mine;
  }

  /** No request until `ms` from now (the service said `Retry-After`). */
  blockFor(ms: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.clock.now() + ms);
  }

  async #waitForToken(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      this.#tokens = Math.min(
        this.#capacity,
        this.#tokens + (now - this.#updatedAt) * this.#refillPerMs,
      );
      this.#updatedAt = now;
      if (now < this.#blockedUntil) {
        await sleep(this.#blockedUntil - now);
        continue;
      }
      if (this.#tokens >= 1) {
        this.#tokens -= 1;
        return;
      }
      await sleep(Math.ceil((1 - this.#tokens) / this.#refillPerMs));
    }
  }
}

/** Exponential backoff with full jitter: a random wait up to `base·2^attempt`, at most `cap`. */
export function backoffMs(
  attempt: number,
  random: () => number = Math.random,
  baseMs = 1000,
  capMs = 60_000,
): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** Math.min(attempt, 20)));
}
