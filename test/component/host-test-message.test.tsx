// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcResult, IpcResults } from '../../shared/ipc/contract';
import { SettingsScreen } from '../../renderer/features/settings/SettingsScreen';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { settingsViewFixture } from '../support/settings-view-fixture';

afterEach(cleanup);

const settings = settingsViewFixture({
  photoHost: {
    kind: 'published',
    root: '/srv/site',
    urlPrefix: 'https://photos.example.com/site/',
  },
});

type HostTestAnswer = IpcResult<IpcResults['settings:test-photo-host']>;

/** The settings screen over a bridge whose host test answers when the test says so. */
function renderSettings() {
  const { bridge } = fakeBridge({ 'settings:get': settings });
  let answer: (result: HostTestAnswer) => void = () => undefined;
  const invoke = bridge.invoke.bind(bridge);
  bridge.invoke = ((channel, input) =>
    channel === 'settings:test-photo-host'
      ? new Promise<HostTestAnswer>((resolve) => (answer = resolve))
      : invoke(channel, input)) as typeof bridge.invoke;
  renderWithBridge(<SettingsScreen onSaved={() => undefined} />, bridge);
  return {
    /** Opens Settings › Photo storage, where the test is. */
    openStorage: async () =>
      fireEvent.click(await screen.findByRole('tab', { name: 'Photo storage' })),
    answer: (result: HostTestAnswer) => answer(result),
  };
}

describe('the Settings screen’s photo host test', () => {
  it('says it is testing, then names the step that failed', async () => {
    const host = renderSettings();
    await host.openStorage();
    const button = await screen.findByRole('button', { name: 'Test the photo host' });
    fireEvent.click(button);
    expect(screen.getByRole('status').textContent).toContain('Testing the photo host');
    expect(button).toHaveProperty('disabled', true);
    const message =
      'The photo host test failed while downloading the test image from that address: https://photos.example.com answered 404.';
    host.answer({
      ok: true,
      value: {
        ok: false,
        step: 'fetch',
        message: 'English for the logs',
        words: { key: 'hostTest.failed', values: { step: 'fetch' } },
        reason: {
          key: 'reason.hostTest.answered',
          values: { origin: 'https://photos.example.com', status: 404 },
        },
      },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(message));
    expect(screen.getByRole('status').textContent).not.toContain('works');
    expect(button).toHaveProperty('disabled', false);
  });

  it('says the round trip held only when the core says so', async () => {
    const host = renderSettings();
    await host.openStorage();
    fireEvent.click(await screen.findByRole('button', { name: 'Test the photo host' }));
    const message =
      'The photo host works: a test image was put where photos go, downloaded from the address the Photo Service would get, and matched byte for byte.';
    host.answer({
      ok: true,
      value: { ok: true, message: 'English for the logs', words: { key: 'hostTest.works' } },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(message));
  });
});
