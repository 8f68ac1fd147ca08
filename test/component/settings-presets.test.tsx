// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Preset, SavedTemplate, WithManaged } from '../../shared/domain/presets';
import { SettingsScreen } from '../../renderer/features/settings/SettingsScreen';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

const presets: WithManaged<Preset>[] = [
  { name: 'Site walk', internal: true, managed: true },
  { name: 'Mine', tags: ['rebar'], managed: false },
  { name: 'Level 2', afterUpload: { kind: 'trash' }, managed: false },
];
const descriptionTemplates: WithManaged<SavedTemplate>[] = [
  { name: 'Office walk', template: '<p>{folder}</p>', managed: true },
  { name: 'Dated', template: '<p>{date}</p>', managed: false },
];

/** Settings open on "Presets and templates"; `saves()` lists what was saved. */
async function showPresets(after = settingsViewFixture({ presets, descriptionTemplates })) {
  const { bridge, calls } = fakeBridge({
    'settings:get': settingsViewFixture({ presets, descriptionTemplates }),
    'settings:set': after,
    'watch:list': [],
    'projects:recent': [],
  });
  renderWithBridge(<SettingsScreen onSaved={() => undefined} />, bridge);
  fireEvent.click(await screen.findByRole('tab', { name: 'Presets and templates' }));
  const panel = screen.getByRole('tabpanel', { name: 'Presets and templates' });
  const saves = () =>
    calls.filter((entry) => entry.channel === 'settings:set').map((entry) => entry.input);
  return { panel, saves };
}

/** The rows of the list named `name`, as their text. */
const rows = (panel: HTMLElement, name: string) =>
  within(within(panel).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('Settings › Presets and templates', () => {
  it('lists presets and saved templates, the organisation’s read-only', async () => {
    const { panel } = await showPresets();
    expect(rows(panel, 'Presets')).toEqual([
      'Site walkSet by your organisation',
      'MineRenameDelete',
      'Level 2RenameDelete',
    ]);
    expect(rows(panel, 'Saved description templates')).toEqual([
      'Office walkSet by your organisation',
      'DatedRenameDelete',
    ]);
    expect(within(panel).queryByRole('button', { name: 'Delete “Site walk”' })).toBeNull();
  });

  it('deletes one of the user’s own, sending only the user’s list', async () => {
    const { panel, saves } = await showPresets(
      settingsViewFixture({ presets: [presets[0]!, presets[2]!], descriptionTemplates }),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete “Mine”' }));
    expect(await within(panel).findByText('Deleted “Mine”.')).toBeTruthy();
    expect(saves()).toEqual([{ presets: [{ name: 'Level 2', afterUpload: { kind: 'trash' } }] }]);
    expect(rows(panel, 'Presets')).toEqual([
      'Site walkSet by your organisation',
      'Level 2RenameDelete',
    ]);
  });

  it('renames a template from the keyboard, and refuses the organisation’s name', async () => {
    const { panel, saves } = await showPresets();
    fireEvent.click(within(panel).getByRole('button', { name: 'Rename “Dated”' }));
    const field = within(panel).getByRole('textbox', { name: 'New name for “Dated”' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'office WALK' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(
      within(panel).getByText('“office WALK” is set by your organisation. Choose another name.'),
    ).toBeTruthy();
    expect(saves()).toEqual([]);

    fireEvent.change(field, { target: { value: 'By date ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() =>
      expect(saves()).toEqual([
        { descriptionTemplates: [{ name: 'By date', template: '<p>{date}</p>' }] },
      ]),
    );
    expect(await within(panel).findByText('Renamed to “By date”.')).toBeTruthy();
  });
});
