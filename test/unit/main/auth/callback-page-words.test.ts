import { describe, expect, it } from 'vitest';
import { callbackPage } from '../../../../main/auth/callback-page-words';
import { words } from '../../../../shared/i18n/words';

// The browser's tab after a loopback sign-in speaks the app's language (issue 24's leftover).

describe('the browser tab after a loopback sign-in', () => {
  it('says in English that the sign-in ended and the tab can be closed', () => {
    const english = { locale: 'en', formatLocale: 'en-GB' } as const;
    expect(callbackPage({ kind: 'signed-in' }, english)).toEqual({
      lang: 'en-GB',
      title: 'Signed in',
      message: 'You are signed in to Photo Uploader. You can close this tab.',
    });
    expect(callbackPage({ kind: 'dropped' }, english).title).toBe('Nothing to do');
    expect(callbackPage({ kind: 'broken' }, english).message).toBe(
      'Something went wrong. Return to Photo Uploader and try again.',
    );
  });

  it('puts why a sign-in failed, in the same language, before "you can close this tab"', () => {
    const page = callbackPage(
      { kind: 'failed', message: words('error.signIn.declined') },
      { locale: 'de', formatLocale: 'de-AT' },
    );
    expect(page).toEqual({
      lang: 'de-AT',
      title: 'Anmeldung fehlgeschlagen',
      message:
        'Sie haben den Zugriff im Browser abgelehnt, daher sind Sie nicht angemeldet. Sie können diesen Tab schließen.',
    });
  });

  it('reads in Spanish and French too', () => {
    expect(callbackPage({ kind: 'signed-in' }, { locale: 'es', formatLocale: 'es' }).message).toBe(
      'Ha iniciado sesión en Photo Uploader. Puede cerrar esta pestaña.',
    );
    expect(callbackPage({ kind: 'dropped' }, { locale: 'fr', formatLocale: 'fr' }).title).toBe(
      'Rien à faire',
    );
  });
});
