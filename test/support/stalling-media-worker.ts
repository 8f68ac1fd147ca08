import { serveMisbehaving } from './misbehaving-media-worker';

// A media worker whose reads of any file named with "stall" never return (a stand-in for a stuck
// network drive): the thread blocks as it would in a hung `readSync`.
serveMisbehaving('stall', () => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  throw new Error('unreachable: nothing wakes the wait');
});
