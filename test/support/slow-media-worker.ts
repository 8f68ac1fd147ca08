import { serveMisbehaving } from './misbehaving-media-worker';

// A media worker whose reads of any file named with "slow" each take 250 ms but do return (a
// slow network drive that keeps going).
serveMisbehaving('slow', () => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
});
