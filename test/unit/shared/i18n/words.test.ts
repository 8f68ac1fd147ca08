import { describe, expect, it } from 'vitest';
import { englishFor, isMessageKey, words, wordsSchema } from '../../../../shared/i18n/words';

describe('words across the boundary', () => {
  it('take only keys of the catalogs and plain values', () => {
    expect(wordsSchema.parse({ key: 'error.unexpected' })).toEqual({ key: 'error.unexpected' });
    expect(wordsSchema.parse({ key: 'nav.queue', values: { count: 2, name: 'a' } })).toEqual({
      key: 'nav.queue',
      values: { count: 2, name: 'a' },
    });
    for (const bad of [
      { key: 'no.such.message' },
      { key: '__proto__' },
      { key: 'error.unexpected', values: { when: { toString: 'x' } } },
      { key: 'error.unexpected', values: { count: Number.NaN } },
      { key: 'error.unexpected', values: { text: 'x'.repeat(2001) } },
      { key: 'error.unexpected', extra: true },
      'error.unexpected',
    ])
      expect(wordsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('read in English for the command line and the logs', () => {
    expect(englishFor(words('error.unexpected'))).toBe('Something went wrong; it has been logged.');
    expect(words('error.badInput')).toEqual({ key: 'error.badInput' });
  });
});
