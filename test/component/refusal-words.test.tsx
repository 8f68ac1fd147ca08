// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionHandlers } from '../../main/core/session-handlers';
import { createTranslator } from '../../shared/i18n/translator';
import type { UploaderBridge } from '../../shared/ipc/bridge';
import { createIpcDispatcher, type IpcHandlers } from '../../shared/ipc/dispatcher';
import type { SessionView } from '../../shared/ipc/views';
import { SessionPanel } from '../../renderer/features/sign-in/SessionPanel';
import { SetupFileButton } from '../../renderer/features/settings/SetupFileButton';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// Issue 24 §2: main refuses with words, and the window says them in its language; the English
// stays in the result's message, for the command line and the logs.

const signedOut: SessionView = {
  state: 'signed-out',
  service: 'https://photos.example.com',
  clientId: 'uploader',
  access: undefined,
  expiresAt: undefined,
  remembered: true,
  kept: 'keychain',
  message: undefined,
};

/** A bridge whose calls go through the real dispatcher to the core's real session handlers. */
function bridgeToCore(): UploaderBridge<File> {
  // No service is set up: signing in is refused.
  const handlers = sessionHandlers({
    core: { connection: undefined, sessionView: () => signedOut },
  }) as unknown as IpcHandlers;
  const dispatch = createIpcDispatcher(handlers);
  return {
    ...fakeBridge({}).bridge,
    // The dispatcher answers for any channel; this bridge is asked for the session's only.
    invoke: (channel, input) => dispatch(channel, input, { trusted: true }) as never,
  };
}

describe('a call main refuses', () => {
  it('is said in the window’s language, and in English for the command line', async () => {
    const bridge = bridgeToCore();
    renderWithBridge(<SessionPanel session={signedOut} />, bridge, 'es');
    const es = createTranslator('es').t;
    fireEvent.click(screen.getByRole('button', { name: es('signIn.signIn') }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Todavía no hay ningún Photo Service configurado: añada su dirección y su ID de cliente en Configuración.',
    );
    const answer = await bridge.invoke('session:sign-in', {});
    expect(answer).toMatchObject({
      ok: false,
      code: 'failed',
      words: { key: 'error.signIn.notSetUp' },
      message: 'No Photo Service is set up yet: add its address and client id in Settings.',
    });
  });

  it('lists what a setup file set in the window’s language', async () => {
    const { bridge } = fakeBridge({
      'setup:open': {
        applied: true,
        message: 'The setup in “oficina.photouploader” was saved. …',
        name: 'oficina.photouploader',
        changes: [
          { key: 'setup.summary.signIn', values: { origin: 'https://login.example.com' } },
          { key: 'setup.summary.alsoSets', values: { names: 'concurrency' } },
        ],
      },
    });
    renderWithBridge(<SetupFileButton onApplied={() => undefined} />, bridge, 'es');
    const es = createTranslator('es').t;
    fireEvent.click(screen.getByRole('button', { name: es('settings.setupFile.open') }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Se ha guardado la configuración de «oficina.photouploader». Iniciar sesión en https://login.example.com y También establece: concurrency.',
    );
  });
});
