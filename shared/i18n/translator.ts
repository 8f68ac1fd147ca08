import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { catalogFor, type MessageKey } from './catalogs';
import { PSEUDO_LOCALE, type ShownLocale } from './locales';

/** What a message's arguments may be in plain text (main's dialogs, notifications, menus). */
export type MessageValues = Readonly<Record<string, string | number | Date | boolean>>;

/** Turns a key and its arguments into the words of one locale. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A locale's messages with its formats: `t` for words, `intl` for dates, numbers and sizes. */
export type Translator = {
  readonly locale: ShownLocale;
  readonly t: Translate;
  readonly intl: IntlShape;
};

// One cache for every translator: a message's parsed form is reused across locales' switches.
const cache = createIntlCache();

/**
 * The {@link Translator} of `locale`, for main (dialogs, notifications, the tray and menus) and for
 * tests; the window has the same catalogs through react-intl's provider.
 */
export function createTranslator(
  locale: ShownLocale,
  onError: (error: Error) => void = ignoreFormatError,
): Translator {
  const intl = createIntl(
    {
      // The pseudo-locale formats dates and numbers as English does.
      locale: locale === PSEUDO_LOCALE ? 'en' : locale,
      messages: catalogFor(locale),
      onError,
    },
    cache,
  );
  return {
    locale,
    intl,
    t: (key, values) => intl.formatMessage({ id: key }, values),
  };
}

/**
 * A message that cannot be formatted shows its key instead of stopping the window; the catalog
 * checks (every key, every argument, in every locale) keep that from reaching a user.
 */
function ignoreFormatError(): void {
  // Nothing to do: formatjs has already chosen the fallback.
}

/**
 * A message not yet in words: its key and arguments. Plain functions (checks of a form, a reason
 * from main) return these; the window turns them into its language with `t(words.key,
 * words.values)`, so a sentence made yesterday reads in today's language.
 */
export type Words = { readonly key: MessageKey; readonly values?: MessageValues };
