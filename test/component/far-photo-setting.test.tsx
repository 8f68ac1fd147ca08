// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsScreen } from '../../renderer/features/settings/SettingsScreen';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

const LABEL = 'Far-photo distance (metres)';

/** The Settings screen with a saved threshold of 2.5 km; `saves()` lists what Save sent. */
async function showSettings() {
  const saved = settingsViewFixture({ farMeters: 2500 });
  const { bridge, calls } = fakeBridge({ 'settings:get': saved, 'settings:set': saved });
  const { container } = renderWithBridge(<SettingsScreen onSaved={() => undefined} />, bridge);
  const field = await screen.findByLabelText<HTMLInputElement>(LABEL);
  const saves = () =>
    calls.filter((entry) => entry.channel === 'settings:set').map((entry) => entry.input);
  return { container, field, saves };
}

/** Axe's findings on the screen as it is (jsdom lays nothing out: contrast is left to e2e). */
async function violations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe('the far-photo distance in Settings', () => {
  it('shows the saved threshold in metres', async () => {
    const { field } = await showSettings();
    expect(field.value).toBe('2500');
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('sends the number typed when saved', async () => {
    const { field, saves } = await showSettings();
    fireEvent.change(field, { target: { value: ' 250 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ farMeters: 250 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
  });

  it.each(['abc', '5', '1000001', '1.5', '-100', ''])(
    'refuses "%s" with a message next to the field, saving nothing',
    async (typed) => {
      const { field, saves } = await showSettings();
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      const problem = await screen.findByText(/^The far-photo distance must be/);
      expect(problem.textContent).toContain(
        'a whole number of metres from 10 m to 1,000 km (10 to 1000000)',
      );
      expect(problem.getAttribute('role')).toBe('alert');
      // Next to the field: the field points at it, and says it is wrong.
      expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(problem.id);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByRole('status').textContent).toContain('Nothing was saved');
      expect(saves()).toEqual([]);
    },
  );

  it('clears the message once a good value is saved', async () => {
    const { field, saves } = await showSettings();
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^The far-photo distance must be/);
    fireEvent.change(field, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toEqual([expect.objectContaining({ farMeters: 50 })]));
    expect(screen.queryByText(/^The far-photo distance must be/)).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('leaves the screen clean for axe, with and without the message', async () => {
    const { container, field } = await showSettings();
    expect(await violations(container)).toEqual([]);
    fireEvent.change(field, { target: { value: 'far' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^The far-photo distance must be/);
    expect(await violations(container)).toEqual([]);
  });
});
