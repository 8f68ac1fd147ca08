// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderIntakeScreen } from './render-intake-screen';
import { afterEach, describe, expect, it } from 'vitest';
import type { Coordinates } from '../../shared/domain/intake';
import type { IpcResults } from '../../shared/ipc/contract';
import { createTranslator, type Words } from '../../shared/i18n/translator';
import { englishFor } from '../../shared/i18n/words';
import type { IntakeItemView, ProjectListingView } from '../../shared/ipc/views';
import { fakeBridge } from './render-with-bridge';
import { useJsdomLayout } from './jsdom-layout';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { intakeItemView } from '../fakes/intake-item-view';
import { HARBOR_LISTING } from '../fakes/project-listings';

afterEach(cleanup);

// jsdom lays nothing out: a 600 px viewport makes the virtual list render these few rows.
useJsdomLayout({ width: 800, height: 600 });

function photo(intakeId: number, coordinates: Coordinates | null): IntakeItemView {
  return intakeItemView(intakeId, { coordinates });
}

const harbor = HARBOR_LISTING;
const northgate: ProjectListingView = {
  id: 'northgate',
  name: 'Northgate Medical Center',
  address: '',
  photoCount: undefined,
  coordinates: { lat: 47.7066, lon: -122.3252 },
  archived: false,
  geofence: null,
};
const queued: IpcResults['queue:add-photos'] = {
  added: 1,
  alreadyQueued: 0,
  addedIntakeIds: [1],
  skipped: [],
};

function rowOf(fileName: string): HTMLElement {
  const row = screen.getByRole('checkbox', { name: `Select ${fileName}` }).closest('li');
  if (row === null) throw new Error(`no row for ${fileName}`);
  return row;
}

/**
 * The screen with a photo on the tower's site and one taken in Seattle (1102 km away), Harbor
 * chosen, under `settings` (the default 1 km threshold unless given).
 */
async function renderDrop(settings = settingsViewFixture()) {
  const { bridge, calls } = fakeBridge({
    'projects:recent': [
      { id: 'harbor', name: 'Harbor View Tower', address: '', photoCount: undefined },
    ],
    'projects:list-all': { projects: [harbor, northgate] },
    'settings:get': settings,
    'queue:add-photos': queued,
  });
  let message = '';
  renderIntakeScreen(
    [photo(1, { lat: 37.7958, lon: -122.279 }), photo(2, { lat: 47.7066, lon: -122.3252 })],
    bridge,
    { onQueued: (text) => (message = text) },
  );
  // These details are the list's (the grid shows them in short).
  fireEvent.click(screen.getByRole('radio', { name: 'List' }));
  fireEvent.click(await screen.findByRole('button', { name: /Harbor View Tower/ }));
  const sent = () =>
    calls
      .filter((entry) => entry.channel === 'queue:add-photos')
      .map(
        (entry) =>
          entry.input as {
            intakeIds: number[];
            projectId?: string;
            leftOut?: { intakeId: number; reason: Words }[];
          },
      );
  return { sent, message: () => message, calls };
}

/** `renderDrop` once the Seattle photo is flagged. */
async function showDrop() {
  const shown = await renderDrop();
  await within(rowOf('IMG_2.jpg')).findByText(/^far: /);
  return shown;
}

describe('photos taken far from the chosen project', () => {
  it('are flagged before upload with the distance and the nearest project', async () => {
    await showDrop();
    expect(within(rowOf('IMG_2.jpg')).getByText(/^far: /).textContent).toBe(
      'far: 1102 km from the project (nearest: Northgate Medical Center)',
    );
    expect(within(rowOf('IMG_1.jpg')).queryByText(/^far: /)).toBeNull();
    const group = screen.getByRole('group', {
      name: '1 photo was taken far from Harbor View Tower',
    });
    expect(within(group).getByText('Nearest project: Northgate Medical Center')).toBeTruthy();
  });

  it('are uploaded anyway by default', async () => {
    const { sent } = await showDrop();
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 photos to Harbor View Tower' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ intakeIds: [1, 2], projectId: 'harbor' });
    expect(sent()[0]?.leftOut).toBeUndefined();
  });

  it('can be left out, with their reason', async () => {
    const { sent } = await showDrop();
    fireEvent.click(screen.getByRole('radio', { name: 'Leave them out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 photos to Harbor View Tower' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ intakeIds: [1, 2], projectId: 'harbor' });
    // Words, not English: main keeps them, and the report or the window says them in any language.
    const leftOut = sent()[0]?.leftOut ?? [];
    expect(leftOut.map((entry) => [entry.intakeId, entry.reason.key])).toEqual([
      [2, 'reason.intake.farNearest'],
    ]);
    expect(englishFor(leftOut[0]!.reason)).toBe(
      'Taken 1102 km from Harbor View Tower. The nearest project is Northgate Medical Center, 0 m away.',
    );
    expect(createTranslator('de').t(leftOut[0]!.reason.key, leftOut[0]!.reason.values)).toBe(
      '1102 km von Harbor View Tower entfernt aufgenommen. Das nächste Projekt ist Northgate Medical Center, 0 m entfernt.',
    );
  });

  it('can be moved to their nearest project', async () => {
    const { sent, message } = await showDrop();
    fireEvent.click(screen.getByRole('radio', { name: 'Move them to Northgate Medical Center' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 photos to Harbor View Tower' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[0]).toMatchObject({ intakeIds: [1], projectId: 'harbor' });
    expect(sent()[1]).toMatchObject({ intakeIds: [2], projectId: 'northgate' });
    await waitFor(() => expect(message()).toContain('1 moved to their nearest project'));
  });

  it('follow the saved threshold', async () => {
    await renderDrop(settingsViewFixture({ farMeters: 1_100_000 }));
    expect((await within(rowOf('IMG_2.jpg')).findByText(/^far: /)).textContent).toContain(
      '1102 km from the project',
    );
    cleanup();
    const { calls } = await renderDrop(settingsViewFixture({ farMeters: 1_200_000 }));
    await waitFor(() =>
      expect(calls.map((entry) => entry.channel)).toEqual(
        expect.arrayContaining(['projects:list-all', 'settings:get']),
      ),
    );
    // Let the answers land and the flags be worked out before looking for none.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(rowOf('IMG_2.jpg')).queryByText(/^far: /)).toBeNull();
    expect(screen.queryByRole('group', { name: /taken far from/ })).toBeNull();
  });
});
