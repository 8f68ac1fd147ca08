// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Words } from '../../shared/i18n/translator';
import { createTranslator } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';
import type { SessionView } from '../../shared/ipc/views';
import { SignInStep } from '../../renderer/features/first-run/SignInStep';
import { SessionPanel } from '../../renderer/features/sign-in/SessionPanel';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// Issue 24 §2: what main says about the sign-in reaches the window as words, said in the
// window's language; the command line says the same words in English.

const session = (message: Words): SessionView => ({
  state: 'signed-out',
  service: 'https://login.example.com',
  clientId: 'uploader',
  access: undefined,
  expiresAt: undefined,
  remembered: true,
  kept: 'keychain',
  message,
});

describe('the session’s message in the window', () => {
  it('is said in Spanish in the header, with the service’s refusal quoted as it gave it', () => {
    const refusal = words('error.signIn.refusedSaying', {
      code: 'temporarily_unavailable',
      description: 'Try later',
    });
    renderWithBridge(<SessionPanel session={session(refusal)} />, fakeBridge({}).bridge, 'es');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'El Photo Service ha rechazado el inicio de sesión (temporarily_unavailable: Try later). Inténtelo de nuevo.',
    );
    expect(englishFor(refusal)).toBe(
      'The Photo Service refused the sign-in (temporarily_unavailable: Try later). Please try again.',
    );
  });

  it('is said in the first-run guide’s language too', () => {
    const ended = words('error.signIn.sessionEnded');
    renderWithBridge(<SignInStep session={session(ended)} />, fakeBridge({}).bridge, 'de');
    expect(screen.getByRole('alert').textContent).toContain(
      createTranslator('de').t('error.signIn.sessionEnded'),
    );
  });

  it('is never English in another language, for every sign-in message main gives', () => {
    const es = createTranslator('es').t;
    for (const said of [
      words('error.signIn.declined'),
      words('error.signIn.timedOut', { minutes: 10 }),
      words('error.signIn.tookTooLong'),
      words('error.signIn.serverUnreachable', { origin: 'https://login.example.com' }),
    ]) {
      renderWithBridge(<SessionPanel session={session(said)} />, fakeBridge({}).bridge, 'es');
      const shown = screen.getByRole('alert').textContent;
      expect(shown).toBe(es(said.key, said.values));
      expect(shown).not.toBe(englishFor(said));
      cleanup();
    }
  });
});
