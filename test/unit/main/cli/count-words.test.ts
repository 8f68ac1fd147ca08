import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counted, PHOTOS } from '../../../../main/cli/count-words';

describe('counted', () => {
  it('says "1 photo" and "0 photos", "2 photos"', () => {
    expect(counted(1, PHOTOS)).toBe('1 photo');
    expect(counted(0, PHOTOS)).toBe('0 photos');
    expect(counted(2, PHOTOS)).toBe('2 photos');
    expect(counted(1, { one: 'was', other: 'were' })).toBe('1 was');
  });

  it('uses the plural form for every count but one', () => {
    fc.assert(
      fc.property(fc.nat(), (count) => {
        expect(counted(count, PHOTOS)).toBe(`${count} ${count === 1 ? 'photo' : 'photos'}`);
      }),
    );
  });
});
