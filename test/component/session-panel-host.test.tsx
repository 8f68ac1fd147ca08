// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionView } from '../../shared/ipc/views';
import { SessionPanel } from '../../renderer/features/sign-in/SessionPanel';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// Issue 23 §4: the header names the service by its host, not by a raw address with a port.

const session = (overrides: Partial<SessionView>): SessionView => ({
  state: 'signed-out',
  service: 'https://photos.example.com:8443/oauth',
  clientId: 'uploader',
  access: undefined,
  expiresAt: undefined,
  remembered: true,
  kept: 'keychain',
  message: undefined,
  ...overrides,
});

describe('the service named in the header', () => {
  it('is its host when signed in, with what the sign-in allows in the account panel', async () => {
    const { bridge } = fakeBridge({});
    renderWithBridge(
      <SessionPanel session={session({ state: 'signed-in', access: 'photos:write' })} />,
      bridge,
    );
    const panel = screen.getByRole('region', { name: 'Sign-in' });
    expect(panel.textContent).toContain('Signed in to photos.example.com');
    expect(panel.textContent).not.toContain('8443');
    expect(panel.textContent).not.toContain('https://');
    fireEvent.click(screen.getByRole('button', { name: 'Signed in to photos.example.com' }));
    const account = await screen.findByRole('dialog', { name: 'Account' });
    expect(account.textContent).toContain('may upload and edit photos');
    expect(account.textContent).not.toContain('8443');
    expect(within(account).getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('is its host before signing in, next to Sign in', () => {
    const { bridge } = fakeBridge({});
    renderWithBridge(<SessionPanel session={session({})} />, bridge);
    expect(screen.getByRole('region', { name: 'Sign-in' }).textContent).toContain(
      'Photo Service: photos.example.com',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('says "not set up" without a service', () => {
    const { bridge } = fakeBridge({});
    renderWithBridge(<SessionPanel session={session({ service: undefined })} />, bridge);
    expect(screen.getByRole('region', { name: 'Sign-in' }).textContent).toContain(
      'Photo Service: not set up',
    );
  });
});
