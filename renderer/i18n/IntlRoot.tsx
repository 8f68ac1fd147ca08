import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { catalogFor } from '../../shared/i18n/catalogs';
import { FALLBACK_LOCALE, type Locales, type ShownLocale } from '../../shared/i18n/locales';
import { localesOf } from '../../shared/i18n/translator';
import { call, useBridge } from '../bridge/hooks';

/** What Settings hands over once main saved the user's choice: the pair, or a catalog alone. */
type ShowLocale = (shown: Locales | ShownLocale) => void;

const ShowLocaleContext = createContext<ShowLocale>(() => undefined);

/**
 * Switches the window to a language now (Settings, once main saved the user's choice). Given main's
 * pair (`SettingsView`'s `locale` and `formatLocale`), both; given a catalog alone, its words, with
 * the formats kept when they are already of that language (`en-GB` stays for `en`).
 */
export function useShowLocale(): ShowLocale {
  return useContext(ShowLocaleContext);
}

/** The pair shown after `shown`, when `current` is shown now. */
function nextLocales(current: Locales | undefined, shown: Locales | ShownLocale): Locales {
  if (typeof shown !== 'string') return { locale: shown.locale, formatLocale: shown.formatLocale };
  if (current?.locale === shown) return current;
  return localesOf(shown);
}

/**
 * The window's words in the language main says (`SettingsView.locale`: the user's choice or the
 * system's) and its dates and numbers in the system's region (`SettingsView.formatLocale`), kept
 * current when the settings change; nothing is shown until they are known, so the window never
 * flashes English first.
 */
export function IntlRoot({ children }: { readonly children: ReactNode }) {
  const bridge = useBridge();
  const [locales, setLocales] = useState<Locales>();
  const showLocale = useCallback<ShowLocale>(
    (shown) => setLocales((current) => nextLocales(current, shown)),
    [],
  );
  useEffect(() => {
    let current = true;
    call(bridge, 'settings:get', {})
      .then((settings) => current && setLocales((known) => known ?? nextLocales(known, settings)))
      // Without settings the window still speaks: the app says what is wrong, in English.
      .catch(() => current && setLocales((known) => known ?? localesOf(FALLBACK_LOCALE)));
    const stop = bridge.on('settings:changed', (settings) => showLocale(settings));
    return () => {
      current = false;
      stop();
    };
  }, [bridge, showLocale]);
  const formatLocale = locales?.formatLocale;
  useEffect(() => {
    // Screen readers pick their voice, and the browser its hyphenation and its date fields'
    // order, from the page's language: the region's (`en-GB`), not only the catalog's.
    if (formatLocale !== undefined) document.documentElement.lang = formatLocale;
  }, [formatLocale]);
  if (locales === undefined) return null;
  return (
    <ShowLocaleContext.Provider value={showLocale}>
      <LocaleProvider locale={locales.locale} formatLocale={locales.formatLocale}>
        {children}
      </LocaleProvider>
    </ShowLocaleContext.Provider>
  );
}

/**
 * react-intl's provider for `locale`'s catalog, writing dates and numbers as `formatLocale` does
 * (by default the catalog's own language; the pseudo-locale's are English's).
 */
export function LocaleProvider({
  locale,
  formatLocale = localesOf(locale).formatLocale,
  children,
}: {
  readonly locale: ShownLocale;
  readonly formatLocale?: string;
  readonly children: ReactNode;
}) {
  return (
    <IntlProvider locale={formatLocale} messages={catalogFor(locale)} onError={ignoreFormatError}>
      {children}
    </IntlProvider>
  );
}

/**
 * A message that cannot be formatted shows its key instead of breaking the window; the catalog
 * checks keep every key and argument whole in every locale.
 */
function ignoreFormatError(): void {
  // react-intl has already shown the fallback.
}
