// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoView } from '../../shared/ipc/views';
import { ExistingPhotos } from '../../renderer/features/photos/ExistingPhotos';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { useJsdomResizing } from './jsdom-layout';

afterEach(cleanup);
useJsdomResizing({ width: 800, height: 600 });

// Issue 26 §1: the Existing photos are filtered by tag and by who uploaded them; the service may
// not say who uploaded, and then the filter says so instead of offering nobody.

function photo(id: string, change: Partial<PhotoView> = {}): PhotoView {
  return {
    id,
    projectId: 'pr-1',
    capturedAt: 1_700_000_000,
    coordinates: null,
    description: '',
    internal: false,
    processingStatus: 'processed',
    hasThumbnail: false,
    tags: [],
    uploader: null,
    zone: undefined,
    ...change,
  };
}

async function openProject(photos: readonly PhotoView[], more = false) {
  for (const [name, value] of [
    ['clientHeight', 600],
    ['clientWidth', 800],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, value });
  const { bridge } = fakeBridge({
    'projects:recent': [{ id: 'pr-1', name: 'Site A', address: '', photoCount: photos.length }],
    'photos:list': { photos, more },
  });
  renderWithBridge(<ExistingPhotos conflicts={[]} />, bridge);
  fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
  return await screen.findByRole('list', { name: 'Photos in this project' });
}

const shownIds = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('listitem')
    .map((cell) => /photo (\S+)/.exec(cell.textContent)?.[1] ?? cell.textContent);

/** Picks `choice` in the filter's list called `label`, as a user does: open it, click. */
function choose(label: string, choice: string) {
  const filter = screen.getByRole('search', { name: 'Filter the photos' });
  fireEvent.click(within(filter).getByRole('button', { name: new RegExp(label) }));
  fireEvent.click(screen.getByRole('option', { name: choice }));
}

describe('the Existing photos tag and uploader filter', () => {
  it('offers the loaded photos’ tags and uploaders, and keeps the photos chosen', async () => {
    const grid = await openProject([
      photo('ph-a', { tags: ['Level 2'], uploader: { id: 'u-1', name: 'Ana' } }),
      photo('ph-b', { tags: ['rebar'], uploader: { id: 'u-2', name: 'Ben' } }),
      photo('ph-c', { tags: ['level 2', 'Rebar'] }),
    ]);
    expect(shownIds(grid)).toEqual(['ph-a', 'ph-b', 'ph-c']);

    choose('Tag', 'Level 2');
    expect(shownIds(grid)).toEqual(['ph-a', 'ph-c']);
    expect(screen.getByText('2 of 3 photos')).toBeTruthy();

    choose('Uploaded by', 'Not stated by the service');
    expect(shownIds(grid)).toEqual(['ph-c']);
    choose('Uploaded by', 'Ana');
    expect(shownIds(grid)).toEqual(['ph-a']);

    choose('Tag', 'rebar');
    expect(screen.getByText('No photos match the filter.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filter' }));
    expect(shownIds(screen.getByRole('list', { name: 'Photos in this project' }))).toHaveLength(3);
  });

  it('says when the service does not tell who uploaded, and when the photos have no tags', async () => {
    await openProject([photo('ph-a'), photo('ph-b')], true);
    const filter = screen.getByRole('search', { name: 'Filter the photos' });
    const uploader = within(filter).getByRole('button', { name: /Uploaded by/ });
    expect(uploader.textContent).toContain('Not stated by the service');
    expect(uploader.hasAttribute('disabled')).toBe(true);
    const tag = within(filter).getByRole('button', { name: /Tag/ });
    expect(tag.textContent).toContain('No tags on these photos');
    expect(tag.hasAttribute('disabled')).toBe(true);
    // More pages wait on the service: a filter says it covers the loaded photos only.
    expect(within(filter).queryByText(/Only the photos loaded so far/)).toBeNull();
    fireEvent.change(within(filter).getByLabelText('Description contains'), {
      target: { value: 'wall' },
    });
    expect(within(filter).getByText(/Only the photos loaded so far are filtered/)).toBeTruthy();
  });

  it('is worked from the keyboard: the tag list opens with the arrow keys and Enter picks', async () => {
    const grid = await openProject([
      photo('ph-a', { tags: ['east'] }),
      photo('ph-b', { tags: ['west'] }),
    ]);
    const filter = screen.getByRole('search', { name: 'Filter the photos' });
    const tag = within(filter).getByRole('button', { name: /Tag/ });
    tag.focus();
    fireEvent.keyDown(tag, { key: 'ArrowDown' });
    const list = await screen.findByRole('listbox');
    const west = within(list).getByRole('option', { name: 'west' });
    fireEvent.keyDown(document.activeElement ?? list, { key: 'End' });
    expect(document.activeElement).toBe(west);
    fireEvent.keyDown(west, { key: 'Enter' });
    fireEvent.keyUp(west, { key: 'Enter' });
    expect(shownIds(grid)).toEqual(['ph-b']);
  });
});
