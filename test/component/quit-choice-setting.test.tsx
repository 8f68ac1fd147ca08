// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsScreen } from '../../renderer/features/settings/SettingsScreen';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// Issue 22 §6: the quit dialog's "Remember my choice" can be undone from Settings.

async function showSettings(remembered: 'ask' | 'quit' | 'keep-uploading') {
  const saved = settingsViewFixture({ quitWithPending: remembered });
  const { bridge, calls } = fakeBridge({
    'settings:get': saved,
    'settings:set': settingsViewFixture({ quitWithPending: 'ask' }),
  });
  renderWithBridge(<SettingsScreen onSaved={() => undefined} />, bridge);
  fireEvent.click(await screen.findByRole('tab', { name: 'Uploading' }));
  const group = await screen.findByRole('group', { name: 'Quitting with uploads pending' });
  const saves = () =>
    calls.filter((entry) => entry.channel === 'settings:set').map((entry) => entry.input);
  return { group, saves };
}

describe('the remembered quit choice in Settings', () => {
  it('shows "Keep uploading in the background" as remembered, and resets it to asking', async () => {
    const { group, saves } = await showSettings('keep-uploading');
    expect(group.textContent).toContain(
      'Remembered: keep uploading in the background (the app is not asked to quit)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ask me again when I quit' }));
    await waitFor(() => expect(saves()).toEqual([{ quitWithPending: 'ask' }]));
    await waitFor(() =>
      expect(group.textContent).toContain('You are asked each time you quit with uploads pending.'),
    );
    expect(screen.queryByRole('button', { name: 'Ask me again when I quit' })).toBeNull();
  });

  it('shows "Quit anyway" as remembered too', async () => {
    const { group } = await showSettings('quit');
    expect(group.textContent).toContain('Remembered: quit anyway');
  });

  it('offers no reset while the app asks each time', async () => {
    const { group } = await showSettings('ask');
    expect(group.textContent).toContain('You are asked each time you quit with uploads pending.');
    expect(screen.queryByRole('button', { name: 'Ask me again when I quit' })).toBeNull();
  });
});
