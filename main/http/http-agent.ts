import { Agent } from 'undici';

/** Time limits for one request, in milliseconds. */
export type HttpTimeouts = {
  readonly connectMs: number;
  readonly headersMs: number;
  readonly bodyMs: number;
};

export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 60_000,
};

/** A connection pool with connect, header and body timeouts. Replace it after a network change. */
export function createHttpAgent(timeouts: HttpTimeouts = DEFAULT_TIMEOUTS): Agent {
  return new Agent({
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    keepAliveTimeout: 10_000,
  });
}
