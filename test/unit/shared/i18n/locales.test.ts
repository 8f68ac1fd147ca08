import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_LOCALES, chooseLocale, LANGUAGE_CHOICES } from '../../../../shared/i18n/locales';

/** A system's language tag as systems write them: any case, `-` or `_`, with or without a region. */
const systemTag = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('en', 'es', 'fr', 'de', 'pt', 'ja', 'it'),
      fc.constantFrom('', 'GB', 'US', 'CH', 'CA', 'MX', 'AT', '419', 'BR', 'AU', 'BE'),
      fc.constantFrom('-', '_'),
      fc.boolean(),
    )
    .map(([language, region, separator, upper]) => {
      const tag = region === '' ? language : `${language}${separator}${region}`;
      return upper ? tag.toUpperCase() : tag;
    }),
  fc.constantFrom('', 'C', 'POSIX', 'en-XA', 'de-DE-u-co-phonebk', 'zh-Hans-CN'),
  fc.string({ maxLength: 12 }),
);

/** The tag Intl writes for a system tag, or undefined when it is none. */
function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

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
    expect(chooseLocale('system', system).locale).toBe(expected);
  });

  it('takes the user’s choice over the system’s', () => {
    expect(chooseLocale('de', ['es-ES', 'fr-FR']).locale).toBe('de');
  });

  it('uses the pseudo-locale only when allowed (development and tests); else en-XA is English', () => {
    expect(chooseLocale('system', ['en-XA', 'fr'])).toEqual({ locale: 'en', formatLocale: 'en' });
    expect(chooseLocale('system', ['en-XA', 'fr'], true)).toEqual({
      locale: 'en-XA',
      formatLocale: 'en',
    });
  });
});

describe('the formats the window writes dates and numbers in', () => {
  it.each([
    [['en-GB'], 'en-GB'],
    [['de-CH', 'en'], 'de-CH'],
    [['fr_CA'], 'fr-CA'],
    [['es-MX', 'en-US'], 'es-MX'],
    [['EN-au'], 'en-AU'],
    [['pt-BR', 'ja'], 'en'],
    [['C', 'POSIX'], 'en'],
  ])('keep the system’s region: %j → %s', (system, expected) => {
    expect(chooseLocale('system', system).formatLocale).toBe(expected);
  });

  it('follow the language chosen in Settings: its system tag, else its own default', () => {
    expect(chooseLocale('de', ['en-GB', 'de-AT'])).toEqual({ locale: 'de', formatLocale: 'de-AT' });
    expect(chooseLocale('fr', ['en-GB', 'de-AT'])).toEqual({ locale: 'fr', formatLocale: 'fr' });
    expect(chooseLocale('en', ['en-GB'])).toEqual({ locale: 'en', formatLocale: 'en-GB' });
  });

  it('are always a canonical tag Intl formats in, of the words’ language', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGE_CHOICES),
        fc.array(systemTag, { maxLength: 5 }),
        fc.boolean(),
        (choice, system, pseudo) => {
          const { locale, formatLocale } = chooseLocale(choice, system, pseudo);
          expect(Intl.getCanonicalLocales(formatLocale)).toEqual([formatLocale]);
          expect(Intl.DateTimeFormat.supportedLocalesOf(formatLocale)).toEqual([formatLocale]);
          if (locale === 'en-XA') {
            expect(formatLocale).toBe('en');
            return;
          }
          expect(APP_LOCALES).toContain(locale);
          if (choice !== 'system') expect(locale).toBe(choice);
          expect(new Intl.Locale(formatLocale).language).toBe(locale);
          // The system's own tag of that language when it lists one, else the language alone.
          const same = system
            .map(canonical)
            .find(
              (tag) =>
                tag !== undefined &&
                tag !== 'en-XA' &&
                Intl.DateTimeFormat.supportedLocalesOf(tag).length === 1 &&
                new Intl.Locale(tag).language === locale,
            );
          expect(formatLocale).toBe(same ?? locale);
        },
      ),
    );
  });
});
