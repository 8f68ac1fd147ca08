import { describe, expect, it } from 'vitest';
import { chooseLocale } from '../../../../shared/i18n/locales';

describe('the language the window speaks', () => {
  it.each([
    [['es-MX', 'en-US'], 'es'],
    [['fr-CA'], 'fr'],
    [['de_AT'], 'de'],
    [['pt-BR', 'de-CH', 'fr'], 'de'],
    [['pt-BR', 'ja'], 'en'],
    [[], 'en'],
    [['C', '', 'POSIX'], 'en'],
    [['es-419'], 'es'],
  ])('follows the system’s first language it has: %j → %s', (system, expected) => {
    expect(chooseLocale('system', system)).toBe(expected);
  });

  it('takes the user’s choice over the system’s', () => {
    expect(chooseLocale('de', ['es-ES', 'fr-FR'])).toBe('de');
  });

  it('uses the pseudo-locale only when allowed (development and tests); else en-XA is English', () => {
    expect(chooseLocale('system', ['en-XA', 'fr'])).toBe('en');
    expect(chooseLocale('system', ['en-XA', 'fr'], true)).toBe('en-XA');
  });
});
