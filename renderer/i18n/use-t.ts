import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { isPseudoCatalog, type MessageKey } from '../../shared/i18n/catalogs';
import { listedValues, type MessageValues, type Words } from '../../shared/i18n/translator';

/**
 * The words of the window's language: `t('nav.queue')`, `t('queue.count', { count })`; a list
 * value is written as the language writes lists. For a
 * message with markup (`<b>…</b>`), use react-intl's `FormattedMessage` with the tags' values.
 */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  const intl = useIntl();
  return useCallback(
    (key, values) =>
      intl.formatMessage(
        { id: key },
        // The pseudo-locale's formats are English's; its lists must not say "and".
        listedValues(intl, values, isPseudoCatalog(intl.messages)),
      ),
    [intl],
  );
}

/** `words` (a key and its arguments, from a plain function or main) in the window's language. */
export function useWords(): (words: Words) => string {
  const t = useT();
  return useCallback((words) => t(words.key, words.values), [t]);
}
