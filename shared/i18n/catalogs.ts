import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import { type AppLocale, PSEUDO_LOCALE, type ShownLocale } from './locales';
import { pseudoLocalize } from './pseudo-locale';

/**
 * The key of a message: English's keys are the catalog's (a test holds every other locale to
 * exactly the same keys and arguments).
 */
export type MessageKey = keyof typeof en;

/** A locale's messages: every key, in ICU MessageFormat. */
export type Catalog = Readonly<Record<MessageKey, string>>;

const CATALOGS: Readonly<Record<AppLocale, Catalog>> = { en, es, fr, de };

let pseudo: Catalog | undefined;

/** The messages of `locale` (the pseudo-locale's are made from English's on first use). */
export function catalogFor(locale: ShownLocale): Catalog {
  if (locale !== PSEUDO_LOCALE) return CATALOGS[locale];
  pseudo ??= Object.fromEntries(
    Object.entries(en).map(([key, message]) => [key, pseudoLocalize(message)]),
  ) as Catalog;
  return pseudo;
}

/** Whether `messages` are the pseudo-locale's (made once, by {@link catalogFor}). */
export function isPseudoCatalog(messages: unknown): boolean {
  return pseudo !== undefined && messages === pseudo;
}

/** Every catalog as written (for the checks that hold them to English's keys and arguments). */
export function writtenCatalogs(): Readonly<Record<AppLocale, Readonly<Record<string, string>>>> {
  return CATALOGS;
}
