import type { ServiceClock } from '../clock';

export type RequestKind = 'read' | 'write';

export type RateDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export type RateLimits = {
  readonly enabled: boolean;
  readonly windowMs: number;
  readonly writes: number;
  readonly reads: number;
};

/**
 * Per-grant request limits over a sliding window: at most `writes` POSTs and `reads` GETs in any
 * `windowMs`. A sliding window is stricter than the per-minute counter a real server may use,
 * so a client that paces itself here stays under the real limit too. Refused requests do not count.
 */
export class RateLimiter {
  #log = new Map<string, number[]>();

  constructor(
    private readonly clock: ServiceClock,
    private readonly limits: RateLimits,
  ) {}

  /** Counts one request of `kind` for `grantId`, or says how long until one would be allowed. */
  take(grantId: string, kind: RequestKind): RateDecision {
    if (!this.limits.enabled) return { allowed: true };
    const now = this.clock.nowMs();
    const key = `${grantId}:${kind}`;
    const since = now - this.limits.windowMs;
    const times = (this.#log.get(key) ?? []).filter((time) => time > since);
    const limit = kind === 'write' ? this.limits.writes : this.limits.reads;
    if (times.length >= limit) {
      this.#log.set(key, times);
      const oldest = times[0] ?? now;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.limits.windowMs - now) / 1000)),
      };
    }
    times.push(now);
    this.#log.set(key, times);
    return { allowed: true };
  }

  clear(): void {
    this.#log = new Map();
  }
}
