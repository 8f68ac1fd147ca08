import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { catalogFor } from '../../shared/i18n/catalogs';
import { FALLBACK_LOCALE, PSEUDO_LOCALE, type ShownLocale } from '../../shared/i18n/locales';
import { call, useBridge } from '../bridge/hooks';

const ShowLocale = createContext<(locale: ShownLocale) => void>(() => undefined);

/** Switches the window to `locale` now (Settings, once main saved the user's choice). */
export function useShowLocale(): (locale: ShownLocale) => void {
  return useContext(ShowLocale);
}

/**
 * The window's words in the language main says (`SettingsView.locale`: the user's choice or the
 * system's), kept current when the settings change; nothing is shown until it is known, so the
 * window never flashes English first.
 */
export function IntlRoot({ children }: { readonly children: ReactNode }) {
  const bridge = useBridge();
  const [locale, setLocale] = useState<ShownLocale>();
  useEffect(() => {
    let current = true;
    call(bridge, 'settings:get', {})
      .then((settings) => current && setLocale((known) => known ?? settings.locale))
      // Without settings the window still speaks: the app says what is wrong, in English.
      .catch(() => current && setLocale((known) => known ?? FALLBACK_LOCALE));
    const stop = bridge.on('settings:changed', (settings) => setLocale(settings.locale));
    return () => {
      current = false;
      stop();
    };
  }, [bridge]);
  useEffect(() => {
    // Screen readers pick their voice, and the browser its hyphenation, from the page's language.
    if (locale !== undefined) document.documentElement.lang = locale;
  }, [locale]);
  if (locale === undefined) return null;
  return (
    <ShowLocale.Provider value={setLocale}>
      <LocaleProvider locale={locale}>{children}</LocaleProvider>
    </ShowLocale.Provider>
  );
}

/** react-intl's provider for `locale`'s catalog (the pseudo-locale formats as English does). */
export function LocaleProvider({
  locale,
  children,
}: {
  readonly locale: ShownLocale;
  readonly children: ReactNode;
}) {
  return (
    <IntlProvider
      locale={locale === PSEUDO_LOCALE ? 'en' : locale}
      messages={catalogFor(locale)}
      onError={ignoreFormatError}
    >
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
