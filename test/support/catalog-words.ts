import type { MessageKey } from '../../shared/i18n/catalogs';
import type { ShownLocale } from '../../shared/i18n/locales';
import { createTranslator, type MessageValues } from '../../shared/i18n/translator';

/** A message of one locale as the window shows it. */
export type ShownWords = (key: MessageKey, values?: MessageValues) => string;

/**
 * The words of `locale` as the window shows them, for journeys that find elements by what a user
 * reads: markup tags (`<b>…</b>`, `<strong>…</strong>`) keep only their text, and a message that
 * cannot be formatted fails the test instead of showing its key.
 */
export function shownWords(locale: ShownLocale): ShownWords {
  const { intl } = createTranslator(locale, (error) => {
    throw error;
  });
  return (key, values = {}) => {
    const text = intl.formatMessage(
      { id: key },
      { ...values, strong: (chunks) => chunks.join(''), b: (chunks) => chunks.join('') },
    );
    return Array.isArray(text) ? text.join('') : String(text);
  };
}
