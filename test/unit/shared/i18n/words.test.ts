import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../../support/word-values';
import {
  MAX_VALUE_CHARS,
  MAX_VALUES,
  englishFor,
  isMessageKey,
  shortened,
  words,
  wordsSchema,
} from '../../../../shared/i18n/words';

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
      { key: 'error.unexpected', values: { text: 'x'.repeat(100_001) } },
      {
        key: 'error.unexpected',
        values: Object.fromEntries(Array.from({ length: MAX_VALUES + 1 }, (_, i) => [`v${i}`, i])),
      },
      { key: 'error.unexpected', extra: true },
      'error.unexpected',
    ])
      expect(wordsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('keep a long path readable: its start and its file name, shortened in the middle', () => {
    const path = `/Users/site-office/${'Projects/Harbour bridge/'.repeat(60)}IMG_0042.JPG`;
    const said = wordsSchema.parse({ key: 'reason.intake.sameAs', values: { path } });
    const kept = textOf(said.values?.['path']);
    expect(kept).toHaveLength(MAX_VALUE_CHARS);
    expect(kept.startsWith('/Users/site-office/Projects/')).toBe(true);
    expect(kept.endsWith('/IMG_0042.JPG')).toBe(true);
    expect(kept).toContain('…');
    // A path as long as macOS allows is shortened, not refused; a usual one is kept whole.
    const usual = '/Users/site-office/Projects/Harbour bridge/2026-11-27/IMG_0042.JPG';
    expect(wordsSchema.parse({ key: 'reason.intake.sameAs', values: { path: usual } })).toEqual({
      key: 'reason.intake.sameAs',
      values: { path: usual },
    });
  });

  it('from an untrusted side: at most eight values, each text at most 500 characters', () => {
    const value = fc.oneof(fc.string({ maxLength: 3000 }), fc.double(), fc.integer());
    fc.assert(
      fc.property(
        // `__proto__` is never kept as a value's name (checked below): the other names are.
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 20 }).filter((name) => name !== '__proto__'),
          value,
          { maxKeys: 12 },
        ),
        (values) => {
          const checked = wordsSchema.safeParse({ key: 'reason.legacy', values });
          const count = Object.keys(values).length;
          const finite = Object.values(values).every(
            (given) => typeof given === 'string' || Number.isFinite(given),
          );
          expect(checked.success).toBe(count <= MAX_VALUES && finite);
          if (!checked.success) return;
          for (const [name, given] of Object.entries(values)) {
            const kept = checked.data.values?.[name];
            if (typeof given !== 'string') expect(kept).toBe(given);
            else {
              expect(textOf(kept).length).toBeLessThanOrEqual(MAX_VALUE_CHARS);
              // Short text is kept as it is; long text keeps its start and its end.
              if (given.length <= MAX_VALUE_CHARS) expect(kept).toBe(given);
              else {
                expect(kept).toBe(shortened(given));
                expect(given.startsWith(textOf(kept).slice(0, 200))).toBe(true);
                expect(given.endsWith(textOf(kept).slice(-200))).toBe(true);
              }
            }
          }
        },
      ),
    );
  });

  it('never keep a value named __proto__ (no prototype from outside)', () => {
    const checked = wordsSchema.safeParse(
      JSON.parse('{"key":"reason.legacy","values":{"__proto__":{"polluted":1},"text":"a"}}'),
    );
    expect(checked.success && Object.keys(checked.data.values ?? {})).toEqual(['text']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('carry a list value, each item shortened like any text', () => {
    const said = wordsSchema.parse({
      key: 'error.settings.managed',
      values: { settings: ['baseUrl', 'x'.repeat(600)], count: 2 },
    });
    expect(said.values?.['settings']).toEqual(['baseUrl', shortened('x'.repeat(600))]);
    expect(englishFor(said)).toMatch(/^Your organisation manages baseUrl and x+…x+, so they/);
    const tooLong = { key: 'error.settings.managed', values: { settings: Array(41).fill('a') } };
    expect(wordsSchema.safeParse(tooLong).success).toBe(false);
  });

  it('read in English for the command line and the logs', () => {
    expect(englishFor(words('error.unexpected'))).toBe('Something went wrong; it has been logged.');
    expect(words('error.badInput')).toEqual({ key: 'error.badInput' });
  });
});
