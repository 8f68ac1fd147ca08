// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchFolderView, WatchRule } from '../../shared/domain/watch-rule';
import { WatchFolders } from '../../renderer/features/settings/WatchFolders';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

const SITE: WatchRule = {
  path: '/photos/site',
  project: { kind: 'fixed', projectId: 'p1' },
  description: 'From the site',
  tags: ['site'],
  tagsFromFolders: false,
  internal: false,
};
const OFFICE: WatchRule = { ...SITE, path: '/photos/office', tags: [] };

/** A watched folder as main lists it. */
function watched(rule: WatchRule): WatchFolderView {
  return { rule, state: 'watching', lastQueuedAt: null, queued: 0 };
}

/** The editor group of `path`. */
function editorOf(path: string): HTMLElement {
  return screen.getByRole('group', { name: `Rule of ${path}` });
}

describe('editing the rule of a watched folder', () => {
  it('saves the edited rule of that folder with watch:update and closes the form', async () => {
    const edited: WatchRule = {
      ...SITE,
      project: { kind: 'per-subfolder' },
      description: 'Level 2',
      tags: ['site', 'concrete'],
      tagsFromFolders: true,
      internal: true,
    };
    const { bridge, calls } = fakeBridge({
      'watch:list': [watched(SITE), watched(OFFICE)],
      'watch:update': [watched(edited), watched(OFFICE)],
    });
    renderWithBridge(<WatchFolders />, bridge);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule of /photos/site' }));
    const editor = within(editorOf('/photos/site'));
    // The form starts from the folder's rule (its project as chosen, by name: this one has none).
    expect(editor.getByText('Project p1')).toBeTruthy();
    expect(editor.getByLabelText<HTMLInputElement>('Description for its photos').value).toBe(
      'From the site',
    );
    expect(editor.getByLabelText<HTMLInputElement>('Tags (comma-separated)').value).toBe('site');

    fireEvent.click(editor.getByLabelText('The project named like each subfolder'));
    fireEvent.change(editor.getByLabelText('Description for its photos'), {
      target: { value: 'Level 2' },
    });
    fireEvent.change(editor.getByLabelText('Tags (comma-separated)'), {
      target: { value: 'site, concrete, ' },
    });
    fireEvent.click(editor.getByLabelText('Add the subfolder names as tags'));
    fireEvent.click(editor.getByLabelText('Internal photos'));
    fireEvent.click(editor.getByRole('button', { name: 'Save the rule of /photos/site' }));

    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Rule of /photos/site' })).toBeNull(),
    );
    expect(calls.filter((entry) => entry.channel === 'watch:update')).toEqual([
      {
        channel: 'watch:update',
        input: {
          path: '/photos/site',
          project: { kind: 'per-subfolder' },
          description: 'Level 2',
          tags: ['site', 'concrete'],
          tagsFromFolders: true,
          internal: true,
          // The rule had none of these: none is sent ('' and Leave remove what a rule had).
          descriptionTemplate: '',
          ignore: [],
          afterUpload: { kind: 'leave' },
          preset: '',
        },
      },
    ]);
    const list = within(screen.getByRole('list', { name: 'Watched folders' }));
    expect(list.getAllByRole('listitem')[0]!.textContent).toContain('tags: site, concrete');
  });

  it('discards the draft on Cancel: nothing is sent and the rule is shown as it was', async () => {
    const { bridge, calls } = fakeBridge({ 'watch:list': [watched(SITE), watched(OFFICE)] });
    renderWithBridge(<WatchFolders />, bridge);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule of /photos/site' }));
    fireEvent.change(within(editorOf('/photos/site')).getByLabelText('Tags (comma-separated)'), {
      target: { value: 'changed' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel editing /photos/site' }));
    expect(screen.queryByRole('group', { name: 'Rule of /photos/site' })).toBeNull();
    expect(calls.some((entry) => entry.channel === 'watch:update')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Edit the rule of /photos/site' }));
    expect(
      within(editorOf('/photos/site')).getByLabelText<HTMLInputElement>('Tags (comma-separated)')
        .value,
    ).toBe('site');
  });

  it('asks for a project before saving a fixed project without one, and sends nothing', async () => {
    const { bridge, calls } = fakeBridge({ 'watch:list': [watched(SITE)], 'projects:recent': [] });
    renderWithBridge(<WatchFolders />, bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule of /photos/site' }));
    const editor = within(editorOf('/photos/site'));
    fireEvent.click(editor.getByRole('button', { name: 'Change project' }));
    fireEvent.click(editor.getByRole('button', { name: 'Save the rule of /photos/site' }));
    expect(editor.getByRole('alert').textContent).toMatch(/Choose the project/);
    expect(calls.some((entry) => entry.channel === 'watch:update')).toBe(false);
  });

  it('names the folder in every button of its row', async () => {
    const { bridge } = fakeBridge({ 'watch:list': [watched(SITE), watched(OFFICE)] });
    renderWithBridge(<WatchFolders />, bridge);
    for (const path of ['/photos/site', '/photos/office']) {
      expect(await screen.findByRole('button', { name: `Edit the rule of ${path}` })).toBeTruthy();
      expect(screen.getByRole('button', { name: `Stop watching ${path}` })).toBeTruthy();
    }
  });

  it('says the saved settle time, not a fixed one', async () => {
    const { bridge } = fakeBridge({ 'watch:list': [watched(SITE)] });
    renderWithBridge(<WatchFolders settleSeconds={12} />, bridge);
    await screen.findByRole('button', { name: 'Edit the rule of /photos/site' });
    expect(screen.getByText(/unchanged for 12 seconds/)).toBeTruthy();
  });
});
