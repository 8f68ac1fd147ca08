// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntakeItemView } from '../../shared/ipc/views';
import { intakeItemView } from '../fakes/intake-item-view';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { useJsdomLayout } from './jsdom-layout';
import { renderIntakeScreen } from './render-intake-screen';
import { fakeBridge } from './render-with-bridge';

// Issue 26 §3 in the wired batch panel: the after-upload choice made there is what the batch
// sends with its photos (the folder as main's dialog answered it, never typed by the window).

afterEach(cleanup);
useJsdomLayout({ width: 800, height: 600 });

const harbor = { id: 'p1', name: 'Harbor', address: 'Pier 4', photoCount: undefined };
const MOVE_TO = '/home/ana/Sorted';

const photos = (): IntakeItemView[] => [intakeItemView(1), intakeItemView(2)];

/** A bridge whose folder dialog answers `MOVE_TO`, with Harbor as a recent project. */
function bridge() {
  return fakeBridge({
    'settings:get': settingsViewFixture({}),
    'projects:recent': [harbor],
    'projects:list-all': { projects: [] },
    'settings:set': settingsViewFixture({}),
    'queue:choose-move-folder': { folder: MOVE_TO },
    'queue:add-photos': { added: 2, alreadyQueued: 0, addedIntakeIds: [1, 2], skipped: [] },
  });
}

/** Queues the batch to Harbor once its after-upload choice is made; what `queue:add-photos` got. */
async function upload(calls: ReturnType<typeof fakeBridge>['calls']): Promise<unknown> {
  fireEvent.click(screen.getByRole('button', { name: 'Upload 2 photos to Harbor' }));
  await waitFor(() => expect(calls.some((c) => c.channel === 'queue:add-photos')).toBe(true));
  return calls.find((entry) => entry.channel === 'queue:add-photos')?.input;
}

describe('the batch panel’s after-upload choice, queued', () => {
  it('sends a move to the folder chosen in the dialog', async () => {
    const { bridge: fake, calls } = bridge();
    renderIntakeScreen(photos(), fake);
    fireEvent.click(await screen.findByRole('button', { name: /Harbor/ }));
    const after = screen.getByRole('group', { name: 'After upload' });
    fireEvent.click(within(after).getByRole('radio', { name: 'Move to a folder…' }));
    expect(await within(after).findByText('Folder: Sorted')).toBeTruthy();
    expect(calls.filter((c) => c.channel === 'queue:choose-move-folder')).toHaveLength(1);

    expect(await upload(calls)).toMatchObject({
      projectId: 'p1',
      afterUpload: { kind: 'move', folder: MOVE_TO },
    });
  });

  it('sends the trash when chosen', async () => {
    const { bridge: fake, calls } = bridge();
    renderIntakeScreen(photos(), fake);
    fireEvent.click(await screen.findByRole('button', { name: /Harbor/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Move to the trash' }));
    expect(await upload(calls)).toMatchObject({ afterUpload: { kind: 'trash' } });
    expect(calls.some((c) => c.channel === 'queue:choose-move-folder')).toBe(false);
  });

  it('sends no action when the files are left where they are (the default)', async () => {
    const { bridge: fake, calls } = bridge();
    renderIntakeScreen(photos(), fake);
    fireEvent.click(await screen.findByRole('button', { name: /Harbor/ }));
    expect(screen.getByRole('radio', { name: 'Leave the files where they are' })).toHaveProperty(
      'checked',
      true,
    );
    expect(await upload(calls)).not.toHaveProperty('afterUpload');
  });
});

describe('Save as preset… with an after-upload choice', () => {
  it('saves the move folder chosen in the dialog with the preset', async () => {
    const { bridge: fake, calls } = bridge();
    renderIntakeScreen(photos(), fake);
    fireEvent.click(await screen.findByRole('button', { name: /Harbor/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Move to a folder…' }));
    await screen.findByText('Folder: Sorted');
    fireEvent.click(screen.getByRole('button', { name: 'Save as preset…' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Preset name' }), {
      target: { value: 'Tidy' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save preset' }));
    expect(await screen.findByText('Saved the preset “Tidy”.')).toBeTruthy();
    expect(calls.find((entry) => entry.channel === 'settings:set')?.input).toEqual({
      presets: [
        {
          name: 'Tidy',
          projectId: 'p1',
          internal: false,
          afterUpload: { kind: 'move', folder: MOVE_TO },
        },
      ],
    });
  });
});
