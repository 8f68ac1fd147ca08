import { describe, expect, it } from 'vitest';
import { MIN_FIRST_POLL_MS, ProcessingPace } from '../../../../main/queue/processing-pace';
import { FIRST_POLL_AFTER_CREATE_MS } from '../../../../main/queue/service-waits';

describe('when to look first at a photo the service just took', () => {
  it('starts at the shortest look, and stays there while photos are finished by then', () => {
    const pace = new ProcessingPace();
    expect(pace.firstPollMs).toBe(MIN_FIRST_POLL_MS);
    pace.observeFirstLook('processed');
    expect(pace.firstPollMs).toBe(MIN_FIRST_POLL_MS);
  });

  it('backs off to the fixed first look in a few misses against a slow service, and comes back', () => {
    const pace = new ProcessingPace();
    const looks: number[] = [];
    for (let photo = 0; photo < 5; photo += 1) {
      looks.push(pace.firstPollMs);
      pace.observeFirstLook('processing');
    }
    expect(looks).toEqual([250, 500, 1000, 2000, 2000]);
    expect(pace.firstPollMs).toBe(FIRST_POLL_AFTER_CREATE_MS);
    pace.observeFirstLook('processed');
    expect(pace.firstPollMs).toBe(1500);
    for (let look = 0; look < 20; look += 1) pace.observeFirstLook('processed');
    expect(pace.firstPollMs).toBe(MIN_FIRST_POLL_MS);
  });

  it('waits twice as long after a photo still processing, never longer than the fixed look', () => {
    const pace = new ProcessingPace();
    for (let look = 0; look < 20; look += 1) pace.observeFirstLook('duplicate');
    pace.observeFirstLook('processing');
    expect(pace.firstPollMs).toBe(2 * MIN_FIRST_POLL_MS);
    pace.observeFirstLook('unknown');
    pace.observeFirstLook('pending');
    pace.observeFirstLook('pending');
    expect(pace.firstPollMs).toBe(FIRST_POLL_AFTER_CREATE_MS);
  });

  it('settles where about a third of first looks miss, whatever the service takes', () => {
    // A service taking 900 ms: the first look hovers around it instead of a fixed 2 s.
    const pace = new ProcessingPace();
    let misses = 0;
    for (let photo = 0; photo < 1000; photo += 1) {
      const finished = pace.firstPollMs >= 900;
      if (!finished) misses += 1;
      pace.observeFirstLook(finished ? 'processed' : 'processing');
    }
    expect(misses / 1000).toBeLessThan(0.4);
    expect(pace.firstPollMs).toBeLessThan(1800);
  });
});
