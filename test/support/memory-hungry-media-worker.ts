import { serveMisbehaving } from './misbehaving-media-worker';

// A media worker that, reading any file named with "hungry", fills its heap until it reaches its
// limit and dies (a stand-in for a decoder that a crafted file drives out of memory).
serveMisbehaving('hungry', () => {
  const hoard: number[][] = [];
  for (;;) hoard.push(Array.from({ length: 100_000 }, (_, index) => index + hoard.length));
});
