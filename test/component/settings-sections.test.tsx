// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcChannel, IpcResults } from '../../shared/ipc/contract';
import type { S3HostView, SettingsView } from '../../shared/ipc/views';
import { SettingsScreen } from '../../renderer/features/settings/SettingsScreen';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// Issue 23 §4: Settings in sections people can find their way in, with a keyboard-friendly list
// of sections; every field of the one long page is still there, and one Save sends them all.

const SECTIONS = [
  'Account',
  'Uploading',
  'Photo storage',
  'Watched folders',
  'Presets and templates',
  'Cameras',
  'Network',
  'Map',
  'Help',
];

const SERVICE = {
  authUrl: 'https://auth.example.com:8443',
  baseUrl: 'https://api.example.com',
  clientId: 'uploader',
};

/** Settings over a fake bridge; `saves()` lists what Save sent. */
async function showSettings(
  answers: Partial<{ [C in IpcChannel]: IpcResults[C] }> = {},
  settings = settingsViewFixture(SERVICE),
) {
  const { bridge, calls } = fakeBridge({
    'settings:get': settings,
    'settings:set': settings,
    'watch:list': [],
    'projects:recent': [],
    ...answers,
  });
  const { container } = renderWithBridge(<SettingsScreen onSaved={() => undefined} />, bridge);
  const tabs = await screen.findByRole('tablist', { name: 'Settings sections' });
  const saves = () =>
    calls.filter((entry) => entry.channel === 'settings:set').map((entry) => entry.input);
  return { container, tabs, calls, saves };
}

/** Opens a section with a click on its tab; returns its panel. */
function open(name: string): HTMLElement {
  fireEvent.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

/** Whether each kind of photo host (a radio of the "Kind" group) is disabled. */
function kindsDisabled(storage: HTMLElement): boolean[] {
  const kinds = within(storage).getByRole('radiogroup', { name: 'Kind' });
  return within(kinds)
    .getAllByRole('radio')
    .map((radio) => radio.matches(':disabled'));
}

async function violations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe('Settings in sections', () => {
  it('lists the sections in order, Account open first and the others hidden', async () => {
    const { tabs } = await showSettings();
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names).toEqual(SECTIONS);
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tabpanel').map((panel) => panel.id)).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: 'Account' })).toBeTruthy();
  });

  it.each([
    ['Account', ['Sign-in server address', 'API address', 'Client id']],
    [
      'Uploading',
      [
        'Uploads at once',
        'Far-photo distance (metres)',
        'Most bytes a second sent to the photo host (empty: no cap)',
        'Upload hours, in this computer’s time zone (empty: any time)',
      ],
    ],
    ['Watched folders', ['Settle time (seconds)']],
    ['Network', ['Extra certificate authorities (a PEM file)']],
    ['Map', ['Map tile address']],
  ])('shows the fields of %s in its section', async (section, labels) => {
    await showSettings();
    const panel = open(section);
    for (const label of labels) expect(within(panel).getByLabelText(label)).toBeTruthy();
  });

  it('offers the zone for photos without one as a combo box of zones, and sends the one chosen', async () => {
    const { saves } = await showSettings();
    const uploading = open('Uploading');
    const zone = within(uploading).getByRole<HTMLInputElement>('combobox', {
      name: 'Default time zone for photos without one',
    });
    expect(zone.value).toBe(settingsViewFixture(SERVICE).assumedZone);
    act(() => zone.focus());
    fireEvent.change(zone, { target: { value: 'lisbon' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Europe/Lisbon' }));
    expect(zone.value).toBe('Europe/Lisbon');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ assumedZone: 'Europe/Lisbon' });
  });

  it('keeps the photo host, camera clocks, watched folders and quit choice in their sections', async () => {
    await showSettings();
    expect(within(open('Photo storage')).getByRole('button', { name: 'Test the photo host' }));
    expect(within(open('Cameras')).getByRole('group', { name: 'Camera clocks' }));
    expect(within(open('Watched folders')).getByRole('group', { name: 'Watched folders' }));
    expect(within(open('Uploading')).getByRole('group', { name: 'Quitting with uploads pending' }));
    expect(within(open('Uploading')).getByLabelText(/Send HEIC and TIFF photos unchanged/));
    expect(within(open('Uploading')).getByLabelText(/Pause uploads while this computer runs/));
  });

  it('says in Help where the logs and the diagnostics are', async () => {
    await showSettings();
    const help = open('Help');
    expect(help.textContent).toContain('Help › Open logs folder');
    expect(help.textContent).toContain('Help › Save diagnostics…');
  });

  it('moves between sections with the arrow keys, Home and End; only the open tab is in the Tab order', async () => {
    await showSettings();
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Account').focus();
    fireEvent.keyDown(tab('Account'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(tab('Uploading'));
    expect(tab('Uploading').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Uploading' })).toBeTruthy();
    expect(tab('Uploading').tabIndex).toBe(0);
    expect(tab('Account').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('Uploading'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Help'));
    fireEvent.keyDown(tab('Help'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(tab('Account'));
    fireEvent.keyDown(tab('Account'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(tab('Help'));
    fireEvent.keyDown(tab('Help'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Account'));
  });

  it('saves what was typed in several sections with one Save', async () => {
    const { saves } = await showSettings();
    fireEvent.change(within(open('Account')).getByLabelText('Client id'), {
      target: { value: 'office-uploader' },
    });
    fireEvent.change(within(open('Uploading')).getByLabelText('Uploads at once'), {
      target: { value: '7' },
    });
    fireEvent.change(within(open('Map')).getByLabelText('Map tile address'), {
      target: { value: 'https://tiles.example.com/{z}/{x}/{y}.png' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      clientId: 'office-uploader',
      concurrency: 7,
      mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
      authUrl: SERVICE.authUrl,
    });
  });

  it('shows the section of a field that needs fixing instead of a Save that does nothing', async () => {
    const { saves } = await showSettings();
    fireEvent.change(within(open('Uploading')).getByLabelText('Uploads at once'), {
      target: { value: '40' },
    });
    // Looking at another section, where the bad number is out of sight.
    open('Map');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const uploading = await screen.findByRole('tabpanel', { name: 'Uploading' });
    expect(uploading.hidden).toBe(false);
    expect(screen.getByRole('tab', { name: 'Uploading' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Nothing was saved: a field in Uploading needs fixing (it is shown now).',
    );
    expect(saves()).toEqual([]);
  });

  it('offers the sign-in return as two choices in view, and sends the one picked', async () => {
    const { saves } = await showSettings();
    const returns = within(open('Account')).getByRole('radiogroup', {
      name: 'Sign-in returns through',
    });
    const choices = within(returns).getAllByRole<HTMLInputElement>('radio');
    expect(choices.map((choice) => choice.checked)).toEqual([false, true]);
    fireEvent.click(choices[0] ?? returns);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ redirect: 'custom-scheme' });
  });

  it('shows the photo host’s fields for the kind chosen', async () => {
    await showSettings();
    const storage = open('Photo storage');
    const kinds = within(storage).getByRole('radiogroup', { name: 'Kind' });
    expect(within(storage).queryByLabelText('Bucket')).toBeNull();
    fireEvent.click(within(kinds).getByRole('radio', { name: /S3-compatible bucket/ }));
    expect(within(storage).getByLabelText('Bucket')).toBeTruthy();
    fireEvent.click(within(kinds).getByRole('radio', { name: 'a folder a web server publishes' }));
    expect(within(storage).queryByLabelText('Bucket')).toBeNull();
  });

  // Eight axe runs in jsdom take a while on a busy machine.
  it('is clean for axe in every section', { timeout: 90_000 }, async () => {
    const { container } = await showSettings();
    for (const section of SECTIONS) {
      open(section);
      expect(await violations(container), section).toEqual([]);
    }
  });
});

describe('settings the organisation manages', () => {
  const managed = settingsViewFixture({
    ...SERVICE,
    concurrency: 3,
    keepOriginals: true,
    photoHost: {
      kind: 's3',
      endpoint: 'https://s3.example.com',
      region: 'eu-central-1',
      bucket: 'office-photos',
      prefix: 'uploads/',
      pathStyle: true,
      profile: undefined,
      hasKeys: true,
    },
    managed: ['concurrency', 'keepOriginals', 'authUrl', 'photoHost', 'pacing'],
  });

  /** The words a field is described by (its aria-describedby), joined. */
  const description = (field: HTMLElement) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');

  it('shows a managed field read-only with its value and "Set by your organisation"', async () => {
    await showSettings({}, managed);
    const uploading = open('Uploading');
    const concurrency = within(uploading).getByLabelText<HTMLInputElement>('Uploads at once');
    expect(concurrency.value).toBe('3');
    expect(concurrency.readOnly || concurrency.disabled).toBe(true);
    expect(description(concurrency)).toContain('Set by your organisation');
    const keep = within(uploading).getByLabelText<HTMLInputElement>(/Send HEIC and TIFF/);
    expect(keep.checked).toBe(true);
    expect(keep.disabled).toBe(true);
    expect(description(keep)).toContain('Set by your organisation');
    const auth = within(open('Account')).getByLabelText<HTMLInputElement>('Sign-in server address');
    expect(auth.value).toBe(SERVICE.authUrl);
    expect(auth.readOnly).toBe(true);
    expect(description(auth)).toContain('Set by your organisation');
  });

  it('leaves the fields the policy does not set editable, without the words', async () => {
    await showSettings({}, managed);
    const api = within(open('Account')).getByLabelText<HTMLInputElement>('API address');
    expect(api.readOnly).toBe(false);
    expect(description(api)).not.toContain('Set by your organisation');
    const far = within(open('Uploading')).getByLabelText<HTMLInputElement>(
      'Far-photo distance (metres)',
    );
    expect(far.readOnly).toBe(false);
  });

  it('makes the whole photo storage read-only when the policy sets the photo host', async () => {
    await showSettings({}, managed);
    const storage = open('Photo storage');
    const group = within(storage).getByRole('group', { name: /Photo host/ });
    expect(group.textContent).toContain('Set by your organisation');
    for (const label of ['Endpoint (leave empty for AWS)', 'Region', 'Bucket']) {
      // Disabled by its fieldset: the field's own property does not say so, the selector does.
      expect(within(storage).getByLabelText(label).matches(':disabled'), label).toBe(true);
    }
    expect(kindsDisabled(storage)).toEqual([true, true, true]);
    expect(within(storage).getByLabelText<HTMLInputElement>('Bucket').value).toBe('office-photos');
    // Its round trip can still be tried: the organisation's host is the one photos go to.
    expect(
      within(storage).getByRole<HTMLButtonElement>('button', { name: 'Test the photo host' })
        .disabled,
    ).toBe(false);
  });

  it('sends no managed setting when saved', async () => {
    const { saves } = await showSettings({}, managed);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const sent = saves()[0] as Record<string, unknown>;
    for (const name of ['concurrency', 'keepOriginals', 'authUrl', 'photoHost'])
      expect(sent, name).not.toHaveProperty(name);
    expect(sent).toMatchObject({ baseUrl: SERVICE.baseUrl, clientId: SERVICE.clientId });
  });

  describe('the keys of the organisation’s S3 photo host', () => {
    const withoutKeys = settingsViewFixture({
      ...SERVICE,
      photoHost: {
        kind: 's3',
        endpoint: 'https://s3.example.com',
        region: 'eu-central-1',
        bucket: 'office-photos',
        prefix: 'uploads/',
        pathStyle: true,
        profile: undefined,
        hasKeys: false,
      },
      managed: ['authUrl', 'baseUrl', 'clientId', 'photoHost'],
    });

    it('can be typed: the key fields stay enabled, the host’s own fields read-only', async () => {
      await showSettings({}, withoutKeys);
      const storage = open('Photo storage');
      for (const label of ['Region', 'Bucket'])
        expect(within(storage).getByLabelText(label).matches(':disabled'), label).toBe(true);
      expect(kindsDisabled(storage)).toEqual([true, true, true]);
      for (const label of [/Access key id/, 'Secret access key'])
        expect(within(storage).getByLabelText(label).matches(':disabled'), String(label)).toBe(
          false,
        );
      expect(storage.textContent).toContain('not stored yet');
    });

    it('are sent with the organisation’s host as it is, and nothing else managed', async () => {
      const { saves } = await showSettings({}, withoutKeys);
      const storage = open('Photo storage');
      fireEvent.change(within(storage).getByLabelText(/Access key id/), {
        target: { value: 'AKIAEXAMPLE' },
      });
      fireEvent.change(within(storage).getByLabelText('Secret access key'), {
        target: { value: 'secret-example' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(saves()).toHaveLength(1));
      const sent = saves()[0] as Record<string, unknown>;
      expect(sent['photoHost']).toEqual({
        kind: 's3',
        endpoint: 'https://s3.example.com',
        region: 'eu-central-1',
        bucket: 'office-photos',
        prefix: 'uploads/',
        pathStyle: true,
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret-example',
      });
      for (const name of ['authUrl', 'baseUrl', 'clientId'])
        expect(sent, name).not.toHaveProperty(name);
    });

    it('are not asked for when the organisation’s host takes them from an AWS profile', async () => {
      await showSettings(
        {},
        settingsViewFixture({
          ...withoutKeys,
          photoHost: { ...(withoutKeys.photoHost as S3HostView), profile: 'office' },
        }),
      );
      const storage = open('Photo storage');
      expect(within(storage).queryByLabelText(/Access key id/)).toBeNull();
      expect(within(storage).queryByLabelText('Secret access key')).toBeNull();
    });

    it('is clean for axe', { timeout: 60_000 }, async () => {
      const { container } = await showSettings({}, withoutKeys);
      open('Photo storage');
      expect(await violations(container)).toEqual([]);
    });
  });

  it('is clean for axe with managed fields', { timeout: 60_000 }, async () => {
    const { container } = await showSettings({}, managed);
    for (const section of ['Account', 'Uploading', 'Photo storage']) {
      open(section);
      expect(await violations(container), section).toEqual([]);
    }
  });
});

describe('a policy that changes while Settings is open', () => {
  it('shows the settings in effect, managed read-only, as main says they changed', async () => {
    const { bridge } = fakeBridge({
      'settings:get': settingsViewFixture(SERVICE),
      'watch:list': [],
      'projects:recent': [],
    });
    const listeners: ((view: SettingsView) => void)[] = [];
    bridge.on = ((event: string, listener: (view: SettingsView) => void) => {
      if (event === 'settings:changed') listeners.push(listener);
      return () => undefined;
    }) as typeof bridge.on;
    renderWithBridge(<SettingsScreen onSaved={() => undefined} />, bridge);
    const uploading = await screen.findByRole('tab', { name: 'Uploading' });
    fireEvent.click(uploading);
    const before = screen.getByLabelText<HTMLInputElement>('Uploads at once');
    expect(before.readOnly).toBe(false);
    act(() => {
      for (const listener of listeners)
        listener(settingsViewFixture({ ...SERVICE, concurrency: 2, managed: ['concurrency'] }));
    });
    const after = screen.getByLabelText<HTMLInputElement>('Uploads at once');
    expect(after.value).toBe('2');
    expect(after.readOnly).toBe(true);
    // Still on the section the user was looking at.
    expect(screen.getByRole('tabpanel', { name: 'Uploading' })).toBeTruthy();
  });
});

describe('an organisation’s policy that was ignored', () => {
  // Main's own sentence, as parsePolicy words it: what happened and whom to ask.
  const problem =
    "Your organisation's policy is not valid, so none of it is used: concurrency: must be at most 16. Ask your IT department to correct it.";

  it('is said once, at the top of Settings, in main’s words and one line of what it means', async () => {
    await showSettings(
      {},
      settingsViewFixture({
        ...SERVICE,
        policyProblem: {
          key: 'error.policy.badValue',
          values: { setting: 'concurrency', detail: 'must be at most 16' },
        },
      }),
    );
    const warnings = screen.getAllByRole('alert');
    expect(warnings).toHaveLength(1);
    const words = warnings[0]!.textContent ?? '';
    expect(words).toContain(problem);
    // Said once: no second sentence that the policy was ignored, no second "ask IT".
    expect(words.split('none of it').length - 1).toBe(1);
    expect(words).not.toMatch(/ignored|Tell whoever/);
    expect(words).toContain('Until it is corrected, the settings below are your own.');
    // At the top: before the list of sections.
    const tabs = screen.getByRole('tablist', { name: 'Settings sections' });
    expect(
      warnings[0]!.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    open('Uploading');
    expect(screen.getAllByText(/policy is not valid/)).toHaveLength(1);
  });

  it('is not shown when the policy applies or there is none', async () => {
    await showSettings();
    expect(screen.queryByText(/policy is not valid/)).toBeNull();
  });
});

describe('opening a setup file from the top of Settings', () => {
  it('asks main to open one and says what it set', async () => {
    const message = 'Set up from office.photouploader: the service at https://auth.example.com.';
    const { calls } = await showSettings({ 'setup:open': { applied: true, message } });
    fireEvent.click(screen.getByRole('button', { name: 'Open a setup file…' }));
    expect((await screen.findByText(message)).getAttribute('role')).toBe('status');
    expect(calls.filter((entry) => entry.channel === 'setup:open')).toEqual([
      { channel: 'setup:open', input: {} },
    ]);
  });

  it('shows the refusal next to the button', async () => {
    await showSettings();
    const button = screen.getByRole('button', { name: 'Open a setup file…' });
    fireEvent.click(button);
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe('no answer for setup:open');
    // Next to it: in the same place as the button, on whichever section is open.
    expect(button.parentElement?.contains(refusal)).toBe(true);
  });
});
