// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchFolderView } from '../../shared/domain/watch-rule';
import type { ShownLocale } from '../../shared/i18n/locales';
import type { SessionView, SettingsView } from '../../shared/ipc/views';
import { App } from '../../renderer/app/App';
import { BridgeContext } from '../../renderer/bridge/hooks';
import { IntlRoot } from '../../renderer/i18n/IntlRoot';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge } from './render-with-bridge';

afterEach(cleanup);

const session: SessionView = {
  state: 'signed-out',
  service: 'https://auth.example.com/',
  clientId: 'uploader',
  access: undefined,
  expiresAt: undefined,
  remembered: true,
  kept: 'keychain',
  message: undefined,
};

/** Settings as main gives them: set up, in `language`, shown in `locale`. */
function settings(
  language: SettingsView['language'],
  locale: ShownLocale,
  formatLocale?: string,
): SettingsView {
  return settingsViewFixture({
    ...(formatLocale === undefined ? {} : { formatLocale }),
    authUrl: 'https://auth.example.com/',
    baseUrl: 'https://api.example.com/',
    clientId: 'uploader',
    photoHost: { kind: 'published', root: '/srv/site', urlPrefix: 'https://example.com/' },
    language,
    locale,
  });
}

/** A watched folder that last queued a photo on 22 October 2026, at noon UTC (that day anywhere). */
const FOLDER: WatchFolderView = {
  rule: {
    path: '/photos/site',
    project: { kind: 'fixed', projectId: 'harbor', projectName: 'Harbor View Tower' },
    description: '',
    tags: [],
    tagsFromFolders: false,
    internal: false,
  },
  state: 'watching',
  lastQueuedAt: Date.UTC(2026, 9, 22, 12, 0, 0),
  queued: 3,
};

/** The whole window, over a bridge whose main answers `settings:get` with `now`. */
function openWindow(now: SettingsView, afterSave: SettingsView) {
  const { bridge, calls } = fakeBridge({
    'settings:get': now,
    'session:get': session,
    'settings:set': afterSave,
    'watch:list': [FOLDER],
    'projects:recent': [],
  });
  render(
    <BridgeContext.Provider value={bridge}>
      <IntlRoot>
        <App />
      </IntlRoot>
    </BridgeContext.Provider>,
  );
  return { calls };
}

describe('the window’s language', () => {
  it('is the one main chose from the system’s languages, from the first paint', async () => {
    openWindow(settings('system', 'es'), settings('system', 'es'));
    const nav = await screen.findByRole('navigation', { name: 'Pantallas' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Añadir fotos', 'Cola de subida', 'Fotos subidas', 'Configuración']);
    expect(document.documentElement.lang).toBe('es');
  });

  it('switches at once when the user picks another one in Settings, named in its own words', async () => {
    const { calls } = openWindow(settings('system', 'en'), settings('de', 'de'));
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    fireEvent.click(await screen.findByLabelText('Language'));
    const languages = await screen.findByRole('listbox');
    expect(
      within(languages)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Same as this computer', 'English', 'Español', 'Français', 'Deutsch']);
    fireEvent.click(within(languages).getByRole('option', { name: 'Deutsch' }));
    expect(await screen.findByRole('button', { name: 'Fotos hinzufügen' })).toBeTruthy();
    expect(
      calls.filter((call) => call.channel === 'settings:set').map((call) => call.input),
    ).toEqual([{ language: 'de' }]);
    expect(document.documentElement.lang).toBe('de');
  });

  it('writes dates as the system’s region does: English words, British dates', async () => {
    openWindow(settings('system', 'en', 'en-GB'), settings('system', 'en', 'en-GB'));
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Watched folders' }));
    const panel = screen.getByRole('tabpanel', { name: 'Watched folders' });
    expect(await within(panel).findByText(/last queued 22\/10\/2026/)).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-GB');
  });

  it('keeps the system’s region when the user picks its language in Settings', async () => {
    openWindow(settings('system', 'en', 'en-GB'), settings('de', 'de', 'de-CH'));
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    fireEvent.click(await screen.findByLabelText('Language'));
    fireEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));
    expect(await screen.findByRole('button', { name: 'Fotos hinzufügen' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de-CH');
  });
});
