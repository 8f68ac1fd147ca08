// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../shared/ipc/contract';
import type { SettingsView } from '../../shared/ipc/views';
import { SettingsScreen } from '../../renderer/features/settings/SettingsScreen';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

const LABEL = 'Far-photo distance (metres)';

/**
 * Settings whose every save waits until the test calls `finishSave()`: the status line can be read
 * while main still works on it (asking about new keys takes as long as the user thinks).
 */
async function showSettings() {
  const saved = settingsViewFixture({ farMeters: 2500 });
  const { bridge } = fakeBridge({ 'settings:get': saved });
  const pending: ((result: IpcResult<SettingsView>) => void)[] = [];
  const answer = bridge.invoke.bind(bridge);
  bridge.invoke = (channel, input) =>
    channel === 'settings:set'
      ? new Promise((resolve) => pending.push(resolve as never))
      : answer(channel, input);
  renderWithBridge(<SettingsScreen onSaved={() => undefined} />, bridge);
  const field = await screen.findByLabelText<HTMLInputElement>(LABEL);
  const finishSave = () => pending.shift()?.({ ok: true, value: saved });
  const status = () => screen.queryByRole('status')?.textContent;
  return { field, finishSave, status };
}

describe('what the Settings status line says about saving', () => {
  it('says "Saving…" until main answers, never an earlier save’s "Saved."', async () => {
    const { field, finishSave, status } = await showSettings();
    fireEvent.change(field, { target: { value: '700' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(status()).toBe('Saving…');
    finishSave();
    await waitFor(() => expect(status()).toBe('Saved.'));
    // A second save: the first one's "Saved." is gone the moment it starts.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(status()).toBe('Saving…');
    finishSave();
    await waitFor(() => expect(status()).toBe('Saved.'));
  });

  it('drops "Saved." once a field changes again', async () => {
    const { field, finishSave, status } = await showSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    finishSave();
    await waitFor(() => expect(status()).toBe('Saved.'));
    fireEvent.change(field, { target: { value: '800' } });
    expect(status()).toBeUndefined();
  });
});
