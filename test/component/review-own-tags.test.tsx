// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderIntakeScreen } from './render-intake-screen';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntakeItemView } from '../../shared/ipc/views';
import { withoutOwnTag } from '../../renderer/features/tags/PhotoOwnTags';
import { fakeBridge } from './render-with-bridge';
import { intakeItemView } from '../fakes/intake-item-view';
import { useJsdomLayout } from './jsdom-layout';

afterEach(cleanup);

// rows. A viewport of 600 px (rows are 64 px) makes it render the few rows of these tests.
useJsdomLayout({ width: 800, height: 600 });

/** A photo intake found: only what the screen reads differs between photos. */
function photo(intakeId: number): IntakeItemView {
  return intakeItemView(intakeId);
}

/** The review grid's cell of `fileName` (the grid is the default view). */
function rowOf(fileName: string): HTMLElement {
  return screen.getByRole('gridcell', { name: new RegExp(`^${fileName.replace('.', '\\.')} `) });
}

describe("a photo's own tags in the review list", () => {
  it('are shown on its row, and one can be removed there before upload', async () => {
    const { bridge, calls } = fakeBridge({
      'projects:recent': [{ id: 'p1', name: 'Harbor', address: '', photoCount: undefined }],
      'queue:add-photos': { added: 2, alreadyQueued: 0, addedIntakeIds: [1, 2], skipped: [] },
    });
    let queued = '';
    renderIntakeScreen([photo(1), photo(2)], bridge, { onQueued: (message) => (queued = message) });

    // Two tags for the first photo only.
    fireEvent.click(rowOf('IMG_1.jpg'));
    fireEvent.click(screen.getByRole('button', { name: 'Tags for selected…' }));
    const field = screen.getByRole('textbox', { name: /Tags for the 1 selected photo / });
    fireEvent.change(field, { target: { value: 'rebar, Level 2' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Add tags to selected' }));

    const own = within(rowOf('IMG_1.jpg')).getByRole('list', { name: 'Own tags of IMG_1.jpg' });
    expect(
      within(own)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['rebar×', 'Level 2×']);
    expect(within(rowOf('IMG_2.jpg')).queryByRole('list')).toBeNull();

    // Removed from the row: gone there, and not sent.
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag rebar from IMG_1.jpg' }));
    expect(
      within(own)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Level 2×']);
    fireEvent.click(await screen.findByRole('button', { name: /Harbor/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 photos to Harbor' }));
    await waitFor(() => expect(queued).toBe('Queued 2 photos for Harbor.'));
    const sent = calls.find((entry) => entry.channel === 'queue:add-photos')?.input as {
      photoTags: { intakeId: number; tags: string[] }[];
    };
    expect(sent.photoTags).toEqual([{ intakeId: 1, tags: ['Level 2'] }]);
  });

  it('leave the row, and the count, when the last one is removed', async () => {
    const { bridge } = fakeBridge({ 'projects:recent': [] });
    renderIntakeScreen([photo(1)], bridge);
    fireEvent.click(rowOf('IMG_1.jpg'));
    fireEvent.click(screen.getByRole('button', { name: 'Tags for selected…' }));
    const field = screen.getByRole('textbox', { name: /Tags for the 1 selected photo / });
    fireEvent.change(field, { target: { value: 'rebar' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Add tags to selected' }));
    expect(screen.getByText(/1 photo has their own tags too/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove tag rebar from IMG_1.jpg' }));
    await waitFor(() => expect(screen.queryByText(/their own tags too/)).toBeNull());
    expect(screen.queryByRole('list', { name: 'Own tags of IMG_1.jpg' })).toBeNull();
  });
});

describe('withoutOwnTag', () => {
  it('removes one tag, ignoring case, and forgets a photo left with none', () => {
    const own = new Map([
      [1, ['rebar', 'Level 2']],
      [2, ['rebar']],
    ]);
    expect(withoutOwnTag(own, 1, 'REBAR')).toEqual(
      new Map([
        [1, ['Level 2']],
        [2, ['rebar']],
      ]),
    );
    expect(withoutOwnTag(own, 2, 'rebar')).toEqual(new Map([[1, ['rebar', 'Level 2']]]));
    expect(withoutOwnTag(own, 3, 'rebar')).toBe(own);
  });
});
