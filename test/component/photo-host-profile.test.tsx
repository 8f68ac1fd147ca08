// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { S3HostView, SettingsView } from '../../shared/ipc/views';
import { SettingsScreen } from '../../renderer/features/settings/SettingsScreen';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// Issue 23 §3: an S3 photo host takes its credentials from a named AWS profile instead of keys
// stored in the keychain; the window offers the choice, and never shows the keys back.

const HOST: S3HostView = {
  kind: 's3',
  endpoint: undefined,
  region: 'eu-central-1',
  bucket: 'office-photos',
  prefix: 'uploads/',
  pathStyle: false,
  hasKeys: true,
  profile: undefined,
};

const KEYCHAIN = 'Keys stored in the keychain';
const PROFILE = 'An AWS profile';
const PROFILE_NAME = 'AWS profile name';

/** Settings on its Photo storage section over a fake bridge; `saves()` lists what Save sent. */
async function showStorage(settings: SettingsView) {
  const { bridge, calls } = fakeBridge({
    'settings:get': settings,
    'settings:set': settings,
    'watch:list': [],
    'projects:recent': [],
  });
  const { container } = renderWithBridge(<SettingsScreen onSaved={() => undefined} />, bridge);
  fireEvent.click(await screen.findByRole('tab', { name: 'Photo storage' }));
  const panel = screen.getByRole('tabpanel', { name: 'Photo storage' });
  const saves = () =>
    calls.filter((entry) => entry.channel === 'settings:set').map((entry) => entry.input);
  return { container, panel, saves };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

/** The words a field is described by (its aria-describedby), joined. */
const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('where the S3 photo host’s credentials come from', () => {
  it('offers keys in the keychain (chosen by default) or an AWS profile', async () => {
    const { panel } = await showStorage(settingsViewFixture({ photoHost: HOST }));
    const choice = within(panel).getByRole('group', { name: /credentials come from/ });
    expect(within(choice).getByLabelText<HTMLInputElement>(KEYCHAIN).checked).toBe(true);
    expect(within(choice).getByLabelText<HTMLInputElement>(PROFILE).checked).toBe(false);
    // The keys themselves are never shown back: only that they are stored.
    const keyId = within(panel).getByLabelText<HTMLInputElement>(/Access key id/);
    expect(keyId.value).toBe('');
    expect(panel.textContent).toContain('stored');
    expect(within(panel).queryByLabelText(PROFILE_NAME)).toBeNull();
  });

  it('sends the profile and no keys when a profile is chosen, the key fields hidden', async () => {
    const { panel, saves } = await showStorage(settingsViewFixture({ photoHost: HOST }));
    fireEvent.change(within(panel).getByLabelText(/Access key id/), {
      target: { value: 'AKIAEXAMPLE' },
    });
    fireEvent.click(within(panel).getByLabelText(PROFILE));
    expect(within(panel).queryByLabelText(/Access key id/)).toBeNull();
    expect(within(panel).queryByLabelText('Secret access key')).toBeNull();
    const name = within(panel).getByLabelText(PROFILE_NAME);
    expect(description(name)).toContain('~/.aws/config');
    expect(description(name)).toContain('aws sso login');
    expect(description(name)).toContain('credential_process');
    expect(description(name)).toContain('no keys are stored here');
    fireEvent.change(name, { target: { value: 'office' } });
    save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    const host = (saves()[0] as { photoHost: Record<string, unknown> }).photoHost;
    expect(host).toEqual({
      kind: 's3',
      region: 'eu-central-1',
      bucket: 'office-photos',
      prefix: 'uploads/',
      pathStyle: false,
      profile: 'office',
    });
  });

  it('shows a saved profile chosen, with its name', async () => {
    const { panel, saves } = await showStorage(
      settingsViewFixture({ photoHost: { ...HOST, hasKeys: false, profile: 'office' } }),
    );
    expect(within(panel).getByLabelText<HTMLInputElement>(PROFILE).checked).toBe(true);
    expect(within(panel).getByLabelText<HTMLInputElement>(PROFILE_NAME).value).toBe('office');
    expect(within(panel).queryByLabelText(/Access key id/)).toBeNull();
    save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ photoHost: { kind: 's3', profile: 'office' } });
  });

  it('goes back to the stored keys when they are chosen again', async () => {
    const { panel, saves } = await showStorage(
      settingsViewFixture({ photoHost: { ...HOST, profile: 'office' } }),
    );
    fireEvent.click(within(panel).getByLabelText(KEYCHAIN));
    expect(within(panel).queryByLabelText(PROFILE_NAME)).toBeNull();
    expect(within(panel).getByLabelText(/Access key id/)).toBeTruthy();
    save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    const host = (saves()[0] as { photoHost: Record<string, unknown> }).photoHost;
    expect(host).toMatchObject({ kind: 's3', bucket: 'office-photos' });
    expect(host).not.toHaveProperty('profile');
  });

  it.each([
    ['a name with a space', 'my office', /letters, digits/],
    ['no name', '', /Type the name of the AWS profile/],
  ])('refuses %s next to the field, saving nothing', async (_, typed, words) => {
    const { panel, saves } = await showStorage(settingsViewFixture({ photoHost: HOST }));
    fireEvent.click(within(panel).getByLabelText(PROFILE));
    const name = within(panel).getByLabelText(PROFILE_NAME);
    fireEvent.change(name, { target: { value: typed } });
    save();
    const problem = await within(panel).findByRole('alert');
    expect(problem.textContent).toMatch(words);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(description(name)).toMatch(words);
    expect(screen.getByRole('status').textContent).toMatch(/Nothing was saved.*AWS profile/);
    expect(saves()).toHaveLength(0);
  });

  it('shows the organisation’s profile read-only', async () => {
    const { panel, saves } = await showStorage(
      settingsViewFixture({
        photoHost: { ...HOST, hasKeys: false, profile: 'office' },
        managed: ['photoHost'],
      }),
    );
    const name = within(panel).getByLabelText<HTMLInputElement>(PROFILE_NAME);
    expect(name.value).toBe('office');
    // Disabled by its fieldset: the field's own property does not say so, the selector does.
    expect(name.matches(':disabled')).toBe(true);
    expect(within(panel).getByLabelText(PROFILE).matches(':disabled')).toBe(true);
    expect(within(panel).getByLabelText(KEYCHAIN).matches(':disabled')).toBe(true);
    expect(panel.textContent).toContain('Set by your organisation');
    save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).not.toHaveProperty('photoHost');
  });

  it('is clean for axe with a profile and with its problem', { timeout: 60_000 }, async () => {
    const { container, panel } = await showStorage(settingsViewFixture({ photoHost: HOST }));
    fireEvent.click(within(panel).getByLabelText(PROFILE));
    fireEvent.change(within(panel).getByLabelText(PROFILE_NAME), { target: { value: 'a b' } });
    save();
    await within(panel).findByRole('alert');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
