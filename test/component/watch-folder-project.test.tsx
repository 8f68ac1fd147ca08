// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchFolderView, WatchRule } from '../../shared/domain/watch-rule';
import { WatchFolders } from '../../renderer/features/settings/WatchFolders';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// Issue 22 §6: in Settings › Watched folders the project is picked by name with the project
// search (as on Add photos), never typed as an id, and the list shows its name.

const HARBOR = { id: 'harbor', name: 'Harbor View Tower', address: '', photoCount: undefined };
const SITE: WatchRule = {
  path: '/photos/site',
  project: { kind: 'fixed', projectId: 'harbor', projectName: 'Harbor View Tower' },
  description: '',
  tags: [],
  tagsFromFolders: false,
  internal: false,
};
const watched = (rule: WatchRule): WatchFolderView => ({
  rule,
  state: 'watching',
  lastQueuedAt: null,
  queued: 0,
});

describe('the project of a watched folder in Settings', () => {
  it('is found by name with the project search and sent with its name', async () => {
    const { bridge, calls } = fakeBridge({
      'watch:list': [],
      'projects:recent': [],
      'projects:search': [HARBOR],
      'watch:add': { added: true, folders: [watched(SITE)] },
    });
    renderWithBridge(<WatchFolders />, bridge);
    expect(screen.queryByLabelText('Project id for the watched folder')).toBeNull();
    fireEvent.change(
      await screen.findByLabelText('Project: search by name or address, or paste its id or link'),
      { target: { value: 'Harbor' } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Harbor View Tower' }));
    expect(screen.getByText('Harbor View Tower').closest('.project-chosen')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add a watched folder…' }));
    await waitFor(() =>
      expect(calls.filter((entry) => entry.channel === 'watch:add')).toHaveLength(1),
    );
    expect(calls.find((entry) => entry.channel === 'watch:add')?.input).toMatchObject({
      project: { kind: 'fixed', projectId: 'harbor', projectName: 'Harbor View Tower' },
    });
  });

  it('is listed by its name', async () => {
    const { bridge } = fakeBridge({ 'watch:list': [watched(SITE)], 'projects:recent': [] });
    renderWithBridge(<WatchFolders />, bridge);
    const list = await screen.findByRole('list', { name: 'Watched folders' });
    await waitFor(() => expect(within(list).queryAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem').textContent).toContain('→ Harbor View Tower');
    expect(within(list).getByRole('listitem').textContent).not.toContain('project harbor');
  });

  it('asks for a project, by name, before adding a folder without one', async () => {
    const { bridge, calls } = fakeBridge({ 'watch:list': [], 'projects:recent': [] });
    renderWithBridge(<WatchFolders />, bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a watched folder…' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose the project (search it by name), or “the project named like each subfolder”.',
    );
    expect(calls.some((entry) => entry.channel === 'watch:add')).toBe(false);
  });
});
