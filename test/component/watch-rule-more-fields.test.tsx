// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Preset, WithManaged } from '../../shared/domain/presets';
import type { WatchRule } from '../../shared/domain/watch-rule';
import { WatchFolders } from '../../renderer/features/settings/WatchFolders';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

const office: WithManaged<Preset> = { name: 'Site walk', tags: ['walk'], managed: true };
const own: WithManaged<Preset> = { name: 'Level 2', internal: true, managed: false };

const ADDED: WatchRule = {
  path: '/photos/site',
  project: { kind: 'per-subfolder' },
  description: '',
  tags: [],
  tagsFromFolders: false,
  internal: false,
};

/** Settings › Watched folders with the presets given, no folder watched yet. */
async function showFolders(moveFolder: string | null = '/photos/sorted') {
  const { bridge, calls } = fakeBridge({
    'watch:list': [],
    'settings:get': settingsViewFixture({ presets: [office, own] }),
    'queue:choose-move-folder': { folder: moveFolder },
    'watch:add': {
      added: true,
      folders: [{ rule: ADDED, state: 'watching', lastQueuedAt: null, queued: 0 }],
    },
  });
  const { container } = renderWithBridge(<WatchFolders />, bridge);
  // The presets are there once the office's is offered.
  await screen.findByRole('option', { name: 'Site walk (set by your organisation)' });
  fireEvent.click(screen.getByLabelText('The project named like each subfolder'));
  const sent = () =>
    calls.filter((entry) => entry.channel === 'watch:add').map((entry) => entry.input);
  return { container, calls, sent };
}

const addFolder = () =>
  fireEvent.click(screen.getByRole('button', { name: 'Add a watched folder…' }));

describe('a watched folder’s preset, template, ignore patterns and after-upload action', () => {
  it('sends the preset picked, the template, the patterns one a line and a move folder from main’s dialog', async () => {
    const { calls, sent, container } = await showFolders();
    const preset = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Preset' });
    expect(
      within(preset)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No preset', 'Site walk (set by your organisation)', 'Level 2']);
    fireEvent.change(preset, { target: { value: 'Site walk' } });
    const template = screen.getByRole('textbox', { name: 'Description template' });
    fireEvent.change(template, { target: { value: '<p>{folder}, {date}</p>' } });
    // The tokens are named under the field.
    expect(screen.getByText(/Tokens: \{folder\} \{path\} \{file\} \{date\} \{time\}/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Ignore patterns (one per line)' }), {
      target: { value: '**/thumbs/**\n\n*_small.jpg\n' },
    });
    // The move folder comes from main's dialog (which grants it), never typed.
    fireEvent.click(screen.getByRole('radio', { name: 'Move to a folder…' }));
    await screen.findByText('Folder: sorted');
    expect(calls.filter((entry) => entry.channel === 'queue:choose-move-folder')).toHaveLength(1);
    expect(
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations,
    ).toEqual([]);

    addFolder();
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      project: { kind: 'per-subfolder' },
      description: '',
      tags: [],
      tagsFromFolders: false,
      internal: false,
      descriptionTemplate: '<p>{folder}, {date}</p>',
      ignore: ['**/thumbs/**', '*_small.jpg'],
      afterUpload: { kind: 'move', folder: '/photos/sorted' },
      preset: 'Site walk',
    });
  });

  it('shows an unknown token as it is typed and refuses to save it', async () => {
    const { sent } = await showFolders();
    const template = screen.getByRole('textbox', { name: 'Description template' });
    fireEvent.change(template, { target: { value: '{folder} {level}' } });
    const said =
      'The description template uses {level}, which is not a token. The tokens are: {folder} {path} {file} {date} {time} {camera} {project} {tags}.';
    expect(screen.getByText(said)).toBeTruthy();
    expect(template.getAttribute('aria-invalid')).toBe('true');
    addFolder();
    expect((await screen.findByRole('alert')).textContent).toBe(said);
    expect(sent()).toEqual([]);
  });

  it('refuses a pattern the core refuses, with the core’s words', async () => {
    const { sent } = await showFolders();
    fireEvent.change(screen.getByRole('textbox', { name: 'Ignore patterns (one per line)' }), {
      target: { value: '**/thumbs/**\nC:\\photos\\thumbs' },
    });
    const said =
      'The ignore pattern “C:\\photos\\thumbs” is not valid: use / between folders, not \\';
    expect(screen.getByText(said)).toBeTruthy();
    addFolder();
    expect((await screen.findByRole('alert')).textContent).toBe(said);
    expect(sent()).toEqual([]);
  });

  it('keeps Leave when the folder dialog is cancelled', async () => {
    await showFolders(null);
    fireEvent.click(screen.getByRole('radio', { name: 'Move to a folder…' }));
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLInputElement>('radio', { name: 'Leave the files where they are' })
          .checked,
      ).toBe(true),
    );
  });

  it('names a folder’s preset in its row, and says once why its photos wait', async () => {
    const { bridge } = fakeBridge({
      'watch:list': [
        {
          rule: { ...ADDED, preset: 'Roof' },
          state: 'watching',
          lastQueuedAt: null,
          queued: 0,
          problem: {
            key: 'error.preset.unknown',
            values: { name: 'Roof', names: '"Site walk"', count: 1 },
          },
        },
      ],
      'settings:get': settingsViewFixture({ presets: [office] }),
    });
    renderWithBridge(<WatchFolders />, bridge);
    const row = (await screen.findByText('/photos/site')).closest('li')!;
    expect(row.textContent).toContain('preset: Roof');
    expect(
      within(row)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain(
      'Its photos wait, because the rule cannot be used: There is no preset named “Roof”. The presets are: "Site walk".',
    );
  });
});
