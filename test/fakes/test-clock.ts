import type { Clock } from '../../shared/domain/clock';

/** A clock that starts at the real time and moves only when told. */
export class TestClock implements Clock {
  #now = Date.now();

  now(): number {
    return this.#now;
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}
