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
 * The language the window speaks: `choice` when the user made one, else the first of
 * `systemLanguages` (BCP 47 tags in the user's order, as Electron's
 * `app.getPreferredSystemLanguages()` gives them: `es-MX`, `fr-CA`, `de`) whose language has a
 * catalog, else English. `pseudo` (development and tests only) lets `en-XA` among the system's
 * languages choose the pseudo-locale.
 */
export function chooseLocale(
  choice: LanguageChoice,
  systemLanguages: readonly string[],
  pseudo = false,
): ShownLocale {
  if (choice !== 'system') return choice;
  for (const tag of systemLanguages) {
    if (pseudo && tag.toLowerCase() === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
    const language = languageOf(tag);
    if (language !== undefined && isAppLocale(language)) return language;
  }
  return FALLBACK_LOCALE;
}

/** The language subtag of a BCP 47 tag (`es` of `es-419`, `de` of `de_AT`), if it is one. */
function languageOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag.replace(/_/g, '-')).language;
  } catch {
    // Not a tag at all (an empty string, `C`, `POSIX`): it names no language.
    return undefined;
  }
}
