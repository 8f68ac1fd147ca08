// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionView } from '../../shared/ipc/views';
import { App } from '../../renderer/app/App';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { settingsViewFixture } from '../support/settings-view-fixture';

afterEach(cleanup);

const signedOut: SessionView = {
  state: 'signed-out',
  service: undefined,
  clientId: undefined,
  access: undefined,
  expiresAt: undefined,
  remembered: true,
  kept: 'keychain',
  message: undefined,
};

describe('the window’s first screen', () => {
  it('is the first-run guide when nothing is configured', async () => {
    const { bridge } = fakeBridge({
      'settings:get': settingsViewFixture(),
      'session:get': signedOut,
    });
    renderWithBridge(<App />, bridge);
    expect(await screen.findByRole('heading', { name: 'Set up Photo Uploader' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Screens' })).toBeNull();
  });

  it('is the app once the service and the photo host are set, signed in or not', async () => {
    const { bridge } = fakeBridge({
      'settings:get': settingsViewFixture({
        authUrl: 'https://auth.example.com/',
        baseUrl: 'https://api.example.com/',
        clientId: 'uploader',
        photoHost: { kind: 'published', root: '/srv/site', urlPrefix: 'https://example.com/' },
      }),
      'session:get': { ...signedOut, service: 'https://auth.example.com/' },
    });
    renderWithBridge(<App />, bridge);
    expect(await screen.findByRole('navigation', { name: 'Screens' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Set up Photo Uploader' })).toBeNull();
  });
});
