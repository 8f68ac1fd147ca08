import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeClockOffset,
  formatClockOffset,
  parseClockOffset,
} from '../../../../shared/domain/clock-offset-words';

describe('parseClockOffset', () => {
  it.each([
    ['+1h03m', 3780],
    ['-45s', -45],
    ['1 h 3 min behind', 3780],
    ['1 hour and 3 minutes behind', 3780],
    ['2 minutes ahead', -120],
    ['30 s fast', -30],
    ['+1:03', 3780],
    ['-0:00:30', -30],
    ['90', 90],
    ['1h', 3600],
    ['  +1H 3M  ', 3780],
    ['1 day behind', 86_400],
    ['0s', 0],
  ])('reads %j as %d seconds', (text, seconds) => {
    expect(parseClockOffset(text)).toBe(seconds);
  });

  it.each(['', 'soon', '1 fortnight', '-1h behind', '1h 3', '+', '1.5h', '400 days'])(
    'refuses %j',
    (text) => {
      expect(parseClockOffset(text)).toBeUndefined();
    },
  );

  it('reads back what formatClockOffset writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -366 * 86_400, max: 366 * 86_400 }), (seconds) => {
        expect(parseClockOffset(formatClockOffset(seconds))).toBe(seconds);
      }),
    );
  });

  it('reads back what describeClockOffset writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -366 * 86_400, max: 366 * 86_400 }), (seconds) => {
        const words = describeClockOffset(seconds);
        expect(words === 'right' ? 0 : parseClockOffset(words)).toBe(seconds);
      }),
    );
  });

  it('writes offsets compactly', () => {
    expect(formatClockOffset(3780)).toBe('+1h03m');
    expect(formatClockOffset(-45)).toBe('-45s');
    expect(formatClockOffset(7200)).toBe('+2h');
    expect(formatClockOffset(3601)).toBe('+1h00m01s');
    expect(describeClockOffset(3780)).toBe('1 h 3 min behind');
    expect(describeClockOffset(-120)).toBe('2 min ahead');
  });
});
