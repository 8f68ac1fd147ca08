/**
 * The service's notion of "now". Tests move it forward through `POST /__admin/clock` so that
 * codes and tokens expire without sleeping. It only ever moves forward.
 */
export class ServiceClock {
  #offsetMs = 0;

  /** Milliseconds since the epoch, including any advance. */
  nowMs(): number {
    return Date.now() + this.#offsetMs;
  }

  /** Whole seconds since the epoch, as the API reports times. */
  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** Moves time forward by `ms` milliseconds (not negative). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('The clock only moves forward');
    this.#offsetMs += ms;
  }

  /** How far the clock has been moved forward, in milliseconds. */
  get offsetMs(): number {
    return this.#offsetMs;
  }
}
