/**
 * The languages the window speaks, and which one it speaks for a user: their choice in Settings,
 * or else the first of the operating system's preferred languages that the app has.
 */

/** The languages with a complete catalog in `shared/i18n/locales/`. */
export const APP_LOCALES = ['en', 'es', 'fr', 'de'] as const;

/** A language with a complete catalog. */
export type AppLocale = (typeof APP_LOCALES)[number];

/**
 * The pseudo-locale: English with every letter accented and every message about 40 % longer,
 * made from the English catalog (see `pseudo-locale.ts`). Development and tests only: it shows
 * words left out of the catalogs and text that a longer language would clip.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** What the window is shown in: a catalog, or the pseudo-locale. */
export type ShownLocale = AppLocale | typeof PSEUDO_LOCALE;

/** The Settings choice: follow the operating system, or one language. */
export type LanguageChoice = 'system' | AppLocale;

/** Every value of {@link LanguageChoice}, in the order Settings lists them. */
export const LANGUAGE_CHOICES = [
  'system',
  ...APP_LOCALES,
] as const satisfies readonly LanguageChoice[];

/** The language used when none of the user's is available. */
export const FALLBACK_LOCALE: AppLocale = 'en';

/** Whether `value` names a language with a catalog. */
export function isAppLocale(value: string): value is AppLocale {
  return (APP_LOCALES as readonly string[]).includes(value);
}

/**
 * What the window is shown in: `locale`, the catalog its words come from, and `formatLocale`, the
 * BCP 47 tag its dates, times, numbers and sizes are written in (`en-GB` writes 22/10/2008 where
 * `en` writes 10/22/2008; `de-CH` groups thousands with an apostrophe).
 */
export type Locales = {
  readonly locale: ShownLocale;
  readonly formatLocale: string;
};

/**
 * The words and formats the window is shown in. Words: `choice` when the user made one, else the
 * language of the first of `systemLanguages` (BCP 47 tags in the user's order, as Electron's
 * `app.getPreferredSystemLanguages()` gives them: `es-MX`, `fr-CA`, `de`) that has a catalog, else
 * English. Formats: the first system tag of that language, canonical (`fr-CA`, `de-CH`), else the
 * language's own default (`de`). `pseudo` (development and tests only) lets `en-XA` among the
 * system's languages choose the pseudo-locale, which formats as English does.
 */
export function chooseLocale(
  choice: LanguageChoice,
  systemLanguages: readonly string[],
  pseudo = false,
): Locales {
  if (choice !== 'system')
    return { locale: choice, formatLocale: formatTag(choice, systemLanguages) };
  for (const tag of systemLanguages) {
    if (pseudo && tag.toLowerCase() === PSEUDO_LOCALE.toLowerCase())
      return { locale: PSEUDO_LOCALE, formatLocale: FALLBACK_LOCALE };
    const canonical = canonicalTag(tag);
    const language = canonical === undefined ? undefined : new Intl.Locale(canonical).language;
    if (language !== undefined && isAppLocale(language))
      return { locale: language, formatLocale: formatTag(language, systemLanguages) };
  }
  return { locale: FALLBACK_LOCALE, formatLocale: FALLBACK_LOCALE };
}

/**
 * The tag `language`'s formats are written in: the first of the system's tags in that language
 * (its region, script and extensions: the user set them), else the language alone. The
 * pseudo-locale's tag is no region of English: it formats as English does.
 */
function formatTag(language: AppLocale, systemLanguages: readonly string[]): string {
  for (const tag of systemLanguages) {
    const canonical = canonicalTag(tag);
    if (canonical === undefined || canonical.toLowerCase() === PSEUDO_LOCALE.toLowerCase())
      continue;
    if (new Intl.Locale(canonical).language === language) return canonical;
  }
  return language;
}

/**
 * A system's tag as Intl writes it (`de_CH` → `de-CH`, `EN-gb` → `en-GB`), or undefined when it
 * is no tag Intl formats in (an empty string, `C`, `POSIX`).
 */
function canonicalTag(tag: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.replace(/_/g, '-'));
    if (canonical === undefined) return undefined;
    return Intl.DateTimeFormat.supportedLocalesOf(canonical).length === 1 ? canonical : undefined;
  } catch {
    // Not a tag at all: it names no language.
    return undefined;
  }
}
