import { describe, expect, it } from 'vitest';
import { pseudoLocalize } from '../../../../shared/i18n/pseudo-locale';
import { createTranslator } from '../../../../shared/i18n/translator';

const fail = (error: Error): void => {
  throw error;
};

describe('a translator', () => {
  it.each([
    ['en', 1, 'Queue (1 needs attention)'],
    ['en', 3, 'Queue (3 need attention)'],
    ['es', 1, 'Cola de subida (1 requiere atención)'],
    ['es', 2, 'Cola de subida (2 requieren atención)'],
    ['de', 2, 'Warteschlange (2 erfordern Prüfung)'],
    ['fr', 1_234, 'File d’envoi (1\u202f234 à vérifier)'],
  ] as const)('words plurals in the message (%s, %d)', (locale, count, expected) => {
    expect(createTranslator(locale, fail).t('nav.queueNeedsAttention', { count })).toBe(expected);
  });

  it('formats dates and numbers in its locale', () => {
    const day = new Date(Date.UTC(2026, 10, 27, 12));
    const german = createTranslator('de', fail).intl;
    expect(german.formatDate(day, { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      '27. November 2026',
    );
    expect(german.formatNumber(1234.5)).toBe('1.234,5');
  });

  it('formats as the system’s region does when given it, with its catalog’s words', () => {
    const day = new Date(Date.UTC(2026, 9, 22, 12));
    const british = createTranslator({ locale: 'en', formatLocale: 'en-GB' }, fail);
    expect(british.intl.formatDate(day, { timeZone: 'UTC' })).toBe('22/10/2026');
    expect(british.t('nav.queueNeedsAttention', { count: 3 })).toBe('Queue (3 need attention)');
    const swiss = createTranslator({ locale: 'de', formatLocale: 'de-CH' }, fail).intl;
    expect(swiss.formatNumber(1234.5)).toBe("1'234.5");
    expect(createTranslator('en', fail).intl.formatDate(day, { timeZone: 'UTC' })).toBe(
      '10/22/2026',
    );
  });
});

describe('the pseudo-locale', () => {
  it('accents the text, pads it by about 40 %, and keeps arguments, plurals and tags working', () => {
    expect(pseudoLocalize('Add photos')).toBe('Áðð þĥóţóš~~~~');
    const made = pseudoLocalize(
      'Sign in to <b>{host}</b>: {count, plural, one {# photo} other {# photos}}',
    );
    const t = createTranslator('en', fail).intl;
    const shown = t.formatMessage(
      { id: 'x', defaultMessage: made },
      { host: 'auth.example.com', count: 2, b: (chunks) => `[${String(chunks)}]` },
    );
    expect(shown).toContain('[auth.example.com]');
    expect(shown).toContain('2 þĥóţóš');
    expect(shown).not.toMatch(/Sign in/);
  });

  it('writes a list as each language writes one, never joined in code', () => {
    const settings = ['baseUrl', 'concurrency', 'photoHost'];
    const managed = (locale: 'en' | 'es' | 'fr' | 'de' | 'en-XA') =>
      createTranslator(locale, fail).t('error.settings.managed', { settings, count: 3 });
    expect(managed('en')).toContain('manages baseUrl, concurrency, and photoHost, so they');
    expect(managed('es')).toContain('baseUrl, concurrency y photoHost');
    expect(managed('fr')).toContain('baseUrl, concurrency et photoHost');
    expect(managed('de')).toContain('baseUrl, concurrency und photoHost');
    // The pseudo-locale formats as English does, but its words carry no English "and".
    expect(managed('en-XA')).toContain('baseUrl, concurrency, photoHost');
    expect(managed('en-XA')).not.toMatch(/\band\b/);
  });
});
