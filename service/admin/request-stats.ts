import type { RouteKey } from './fault-rules';

/** What happened to a request: its status code, or how the connection was cut. */
export type Outcome = number | 'dropped' | 'reset';

/** Counts requests by route key and outcome, for `GET /__admin/state`. */
export class RequestStats {
  #counts = new Map<RouteKey, Map<string, number>>();

  record(route: RouteKey, outcome: Outcome): void {
    const byOutcome = this.#counts.get(route) ?? new Map<string, number>();
    const key = String(outcome);
    byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1);
    this.#counts.set(route, byOutcome);
  }

  /** `{ "POST /oauth/token": { "200": 3, "400": 1 }, … }` */
  snapshot(): Record<RouteKey, Record<string, number>> {
    return Object.fromEntries(
      [...this.#counts].map(([route, byOutcome]) => [route, Object.fromEntries(byOutcome)]),
    );
  }

  clear(): void {
    this.#counts = new Map();
  }
}
