import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { catalogFor, type MessageKey } from './catalogs';
import { FALLBACK_LOCALE, type Locales, PSEUDO_LOCALE, type ShownLocale } from './locales';

/** A value a message takes as it is, or (a list of texts) written as the locale writes lists. */
export type PlainMessageValue = string | number | Date | boolean | readonly string[];

/**
 * A message inside another (`{detail}` of "the policy is not valid: {detail}"): its own key and
 * plain values, said in the same language. One level deep: it holds no message itself.
 */
export type InnerWords = {
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, PlainMessageValue>>;
};

/**
 * What a message's arguments may be in plain text (main's dialogs, notifications, menus). A list
 * of texts is written as the locale writes a list ("a, b and c", "a, b y c"), with
 * {@link listedValues}: never joined in code; {@link InnerWords} are said first.
 */
export type MessageValues = Readonly<Record<string, PlainMessageValue | InnerWords>>;

/**
 * `values` ready for formatting: each list written as `intl`'s locale writes a list of things
 * ("a, b and c"), or as a bare list ("a, b, c") with `bare`, for the pseudo-locale, whose formats
 * are English's but whose words must have no English "and"; each inner message said in the same
 * language.
 */
export function listedValues(
  intl: Pick<IntlShape, 'formatList' | 'formatMessage'>,
  values: MessageValues | undefined,
  bare = false,
): Readonly<Record<string, string | number | Date | boolean>> | undefined {
  if (values === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      isList(value)
        ? intl.formatList(value, { type: bare ? 'unit' : 'conjunction' })
        : isInner(value)
          ? intl.formatMessage({ id: value.key }, listedValues(intl, value.values, bare))
          : value,
    ]),
  );
}

const isInner = (value: MessageValues[string]): value is InnerWords =>
  typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

const isList = (value: MessageValues[string]): value is readonly string[] => Array.isArray(value);

/** Turns a key and its arguments into the words of one locale. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A locale's messages with its formats: `t` for words, `intl` for dates, numbers and sizes. */
export type Translator = {
  readonly locale: ShownLocale;
  /** The tag its dates and numbers are written in (`en-GB`, `de-CH`). */
  readonly formatLocale: string;
  readonly t: Translate;
  readonly intl: IntlShape;
};

// One cache for every translator: a message's parsed form is reused across locales' switches.
const cache = createIntlCache();

/**
 * The {@link Translator} of `shown`, for main (dialogs, notifications, the tray and menus) and for
 * tests; the window has the same catalogs through react-intl's provider. A catalog alone formats
 * as its language does (`de`); with its format locale (`AppCore.locale()`), as the system's region
 * does (`de-CH`).
 */
export function createTranslator(
  shown: ShownLocale | Locales,
  onError: (error: Error) => void = ignoreFormatError,
): Translator {
  const { locale, formatLocale } = typeof shown === 'string' ? localesOf(shown) : shown;
  const intl = createIntl(
    {
      locale: formatLocale,
      messages: catalogFor(locale),
      onError,
    },
    cache,
  );
  return {
    locale,
    formatLocale,
    intl,
    t: (key, values) =>
      intl.formatMessage({ id: key }, listedValues(intl, values, locale === PSEUDO_LOCALE)),
  };
}

/** A catalog with its language's own formats (the pseudo-locale's are English's). */
export function localesOf(locale: ShownLocale): Locales {
  return { locale, formatLocale: locale === PSEUDO_LOCALE ? FALLBACK_LOCALE : locale };
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
