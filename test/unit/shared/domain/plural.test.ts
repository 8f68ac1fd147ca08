import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plural } from '../../../../shared/domain/plural';

const photos = { one: '# photo', other: '# photos' } as const;

describe('plural', () => {
  it('says "1 photo" and "2 photos", "0 photos"', () => {
    expect(plural(1, photos)).toBe('1 photo');
    expect(plural(2, photos)).toBe('2 photos');
    expect(plural(0, photos)).toBe('0 photos');
  });

  it('puts the number wherever the phrase has #, verbs agreeing', () => {
    const have = { one: '# photo has', other: '# photos have' };
    expect(plural(1, have)).toBe('1 photo has');
    expect(plural(7, have)).toBe('7 photos have');
  });

  it('takes the singular for exactly one, the plural for every other count', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), (count) => {
        expect(plural(count, photos)).toBe(count === 1 ? '1 photo' : `${count} photos`);
      }),
    );
  });
});
