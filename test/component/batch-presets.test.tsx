// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Preset, WithManaged } from '../../shared/domain/presets';
import type { IntakeItemView } from '../../shared/ipc/views';
import { intakeItemView } from '../fakes/intake-item-view';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { useJsdomLayout } from './jsdom-layout';
import { renderIntakeScreen } from './render-intake-screen';
import { fakeBridge } from './render-with-bridge';

afterEach(cleanup);
useJsdomLayout({ width: 800, height: 600 });

const harbor = { id: 'p1', name: 'Harbor', address: 'Pier 4', photoCount: undefined };
const office: WithManaged<Preset> = {
  name: 'Site walk',
  projectId: 'p1',
  tags: ['walk', 'weekly'],
  descriptionTemplate: '<p>{folder}</p>',
  internal: true,
  afterUpload: { kind: 'move', folder: '/archive/2026' },
  managed: true,
};
const own: WithManaged<Preset> = { name: 'Mine', internal: false, managed: false };

const photos = (): IntakeItemView[] => [intakeItemView(1), intakeItemView(2)];

/** The bridge of these tests: the presets given, Harbor as a recent project, queuing accepted. */
function bridgeWith(presets: readonly WithManaged<Preset>[], recent = [harbor]) {
  return fakeBridge({
    'settings:get': settingsViewFixture({ presets }),
    'settings:set': settingsViewFixture({ presets: [office, own, { ...own, name: 'Level 2' }] }),
    'projects:recent': recent,
    'projects:list-all': { projects: [] },
    'queue:add-photos': { added: 2, alreadyQueued: 0, addedIntakeIds: [1, 2], skipped: [] },
  });
}

describe('a preset in the batch panel', () => {
  it('fills in the batch where the user sees it, and the batch names it when queued', async () => {
    const { bridge, calls } = bridgeWith([office, own]);
    let queued = '';
    renderIntakeScreen(photos(), bridge, { onQueued: (message) => (queued = message) });

    const picker = await screen.findByRole('combobox', { name: 'Preset' });
    expect(
      screen.getByRole('option', { name: 'Site walk (set by your organisation)' }),
    ).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'Site walk' } });

    expect(await screen.findByText('Harbor')).toBeTruthy();
    expect(screen.getByText('After upload: moved to /archive/2026')).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'Internal (not shown to clients)' }),
    ).toHaveProperty('checked', true);
    expect(screen.getByText('walk')).toBeTruthy();
    expect(screen.getByText('weekly')).toBeTruthy();

    // A field changed afterwards is the batch's own; the preset still gives the rest.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Internal (not shown to clients)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 photos to Harbor' }));
    await waitFor(() => expect(queued).toBe('Queued 2 photos for Harbor.'));
    const sent = calls.find((entry) => entry.channel === 'queue:add-photos')?.input;
    expect(sent).toMatchObject({
      preset: 'Site walk',
      projectId: 'p1',
      tags: ['walk', 'weekly'],
      internal: false,
      // A description with tokens goes as the template: the core renders it for each photo.
      description: '',
      descriptionTemplate: '<p>{folder}</p>',
    });
  });

  it('says so when the service does not list the preset’s project, and sets none', async () => {
    const { bridge } = bridgeWith([office], []);
    renderIntakeScreen(photos(), bridge);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Preset' }), {
      target: { value: 'Site walk' },
    });
    expect(
      await screen.findByText(
        'The preset’s project (p1) is not among the projects the Photo Service lists. Choose a project.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload 2 photos' })).toBeTruthy();
  });

  it('offers no picker without presets, and no preset is sent', async () => {
    const { bridge, calls } = bridgeWith([]);
    renderIntakeScreen(photos(), bridge);
    fireEvent.click(await screen.findByRole('button', { name: /Harbor/ }));
    await waitFor(() => expect(calls.some((c) => c.channel === 'settings:get')).toBe(true));
    expect(screen.queryByRole('combobox', { name: 'Preset' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 photos to Harbor' }));
    await waitFor(() => expect(calls.some((c) => c.channel === 'queue:add-photos')).toBe(true));
    const sent = calls.find((entry) => entry.channel === 'queue:add-photos')?.input;
    expect(sent).not.toHaveProperty('preset');
  });
});

describe('Save as preset…', () => {
  it('saves the batch’s fields with the user’s own presets only, from the keyboard', async () => {
    const { bridge, calls } = bridgeWith([office, own]);
    renderIntakeScreen(photos(), bridge);
    fireEvent.click(await screen.findByRole('button', { name: /Harbor/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Internal (not shown to clients)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save as preset…' }));
    const name = screen.getByRole('textbox', { name: 'Preset name' });
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: ' Level 2 ' } });
    fireEvent.keyDown(name, { key: 'Enter' });

    expect(await screen.findByText('Saved the preset “Level 2”.')).toBeTruthy();
    const saved = calls.find((entry) => entry.channel === 'settings:set')?.input;
    expect(saved).toEqual({
      presets: [
        { name: 'Mine', internal: false },
        { name: 'Level 2', projectId: 'p1', internal: true },
      ],
    });
    // Enter saved the preset, not the batch.
    expect(calls.some((entry) => entry.channel === 'queue:add-photos')).toBe(false);
  });

  it('refuses a name the organisation’s preset holds, saving nothing', async () => {
    const { bridge, calls } = bridgeWith([office, own]);
    renderIntakeScreen(photos(), bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Save as preset…' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Preset name' }), {
      target: { value: 'site WALK' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save preset' }));
    expect(
      screen.getByText('“site WALK” is a preset set by your organisation. Choose another name.'),
    ).toBeTruthy();
    expect(calls.some((entry) => entry.channel === 'settings:set')).toBe(false);
  });
});
