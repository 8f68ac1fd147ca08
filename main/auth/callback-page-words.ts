import type { Locales } from '../../shared/i18n/locales';
import { createTranslator, type Words } from '../../shared/i18n/translator';
import type { CallbackPage } from './loopback-receiver';

/** How a sign-in that came back through the loopback redirect ended, for the browser's tab. */
export type CallbackEnd =
  | { readonly kind: 'signed-in' }
  | { readonly kind: 'failed'; readonly message: Words }
  | { readonly kind: 'dropped' }
  | { readonly kind: 'broken' };

/**
 * The page the browser's tab shows after the loopback redirect, in the app's language (the tab
 * is the last thing the user reads of the sign-in, and it is ours, not the service's).
 */
export function callbackPage(end: CallbackEnd, locales: Locales): CallbackPage {
  const { t, formatLocale } = createTranslator(locales);
  const lang = formatLocale;
  switch (end.kind) {
    case 'signed-in':
      return {
        lang,
        title: t('signIn.browserTab.signedInTitle'),
        message: t('signIn.browserTab.signedIn'),
      };
    case 'failed':
      return {
        lang,
        title: t('signIn.browserTab.failedTitle'),
        message: t('signIn.browserTab.failed', {
          reason: t(end.message.key, end.message.values),
        }),
      };
    case 'dropped':
      return {
        lang,
        title: t('signIn.browserTab.droppedTitle'),
        message: t('signIn.browserTab.dropped'),
      };
    case 'broken':
      return {
        lang,
        title: t('signIn.browserTab.failedTitle'),
        message: t('signIn.browserTab.broken'),
      };
  }
}
