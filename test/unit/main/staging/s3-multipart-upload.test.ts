import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PARTS,
  MIN_PART_BYTES,
  PartProgress,
  partSizeFor,
} from '../../../../main/staging/s3-multipart-upload';

const MiB = 1024 * 1024;

describe('partSizeFor', () => {
  it('keeps the size asked for, never under 5 MiB, and fits any file in 10,000 parts', () => {
    expect(partSizeFor(100 * MiB, 8 * MiB)).toBe(8 * MiB);
    expect(partSizeFor(100 * MiB, MiB)).toBe(MIN_PART_BYTES);
    // 200 GB at 8 MiB would take 23,842 parts.
    expect(partSizeFor(200e9, 8 * MiB)).toBe(Math.ceil(200e9 / MAX_PARTS));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5e12 }),
        fc.integer({ min: 1, max: 64 * MiB }),
        (size, wanted) => {
          const part = partSizeFor(size, wanted);
          expect(part).toBeGreaterThanOrEqual(Math.max(wanted, MIN_PART_BYTES));
          expect(Math.ceil(size / part)).toBeLessThanOrEqual(MAX_PARTS);
        },
      ),
    );
  });
});

describe('PartProgress', () => {
  it('sums the parts, only grows, and a part sent again does not push it past the size', () => {
    const seen: number[] = [];
    const progress = new PartProgress((bytes) => seen.push(bytes));
    const first = progress.forPart(0)!;
    const second = progress.forPart(1)!;
    first(3);
    second(4);
    first(5); // part 1 done: 5 bytes
    second(2); // (a stale count) nothing reported
    const secondAgain = progress.forPart(1)!; // part 2 sent again from its start
    secondAgain(1);
    secondAgain(5); // part 2 done: 5 bytes
    expect(seen).toEqual([3, 7, 9, 10]);
  });

  it('reports nothing to nobody', () => {
    expect(new PartProgress(undefined).forPart(0)).toBeUndefined();
  });
});
