// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoView } from '../../shared/ipc/views';
import { ExistingPhotos } from '../../renderer/features/photos/ExistingPhotos';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { useJsdomResizing } from './jsdom-layout';

afterEach(cleanup);
const resize = useJsdomResizing({ width: 800, height: 600 });

// 2008-10-22 14:28:39 UTC: 16:28 in Rome.
const ROME = Date.UTC(2008, 9, 22, 14, 28, 39) / 1000;
const DAY = 24 * 3600;

function photo(id: string, change: Partial<PhotoView> = {}): PhotoView {
  return {
    id,
    projectId: 'pr-1',
    capturedAt: ROME,
    coordinates: null,
    description: '',
    internal: false,
    processingStatus: 'processed',
    hasThumbnail: true,
    tags: [],
    uploader: null,
    zone: undefined,
    ...change,
  };
}

/** jsdom lays nothing out, so the virtualized grid is given a size to show its cells in. */
function giveTheGridRoom() {
  for (const [name, value] of [
    ['clientHeight', 600],
    ['clientWidth', 800],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, value });
}

async function openProject(photos: readonly PhotoView[]) {
  giveTheGridRoom();
  const { bridge, calls } = fakeBridge({
    'projects:recent': [{ id: 'pr-1', name: 'Site A', address: '', photoCount: photos.length }],
    'photos:list': { photos, more: false },
  });
  renderWithBridge(<ExistingPhotos conflicts={[]} />, bridge);
  fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
  const grid = await screen.findByRole('list', { name: 'Photos in this project' });
  return { grid, calls };
}

const cells = (grid: HTMLElement) => within(grid).getAllByRole('listitem');

describe('the Existing photos grid', () => {
  it('holds 5,000 photos with only a screenful of cells in the page', async () => {
    const many = Array.from({ length: 5_000 }, (_, index) => photo(`ph-${index}`));
    const { grid } = await openProject(many);
    const shown = cells(grid);
    expect(shown.length).toBeGreaterThan(2);
    expect(shown.length).toBeLessThan(40);
    expect(shown[0]?.getAttribute('aria-setsize')).toBe('5000');
    expect(shown[0]?.querySelector('img')?.getAttribute('src')).toBe('thumb://service/ph-0');
  });

  it('keeps the focus on the control it was on when a resize moves the cells to other rows', async () => {
    const { grid } = await openProject(
      Array.from({ length: 6 }, (_, index) => photo(`ph-${index}`)),
    );
    const open = (id: string) => within(grid).getByRole('button', { name: new RegExp(id) });
    open('ph-2').focus();
    expect(document.activeElement).toBe(open('ph-2'));
    // Three columns to one: the third photo moves from the first row to the third.
    resize({ width: 250, height: 1200 });
    expect(document.activeElement).toBe(open('ph-2'));
    resize({ width: 800, height: 600 });
    expect(document.activeElement).toBe(open('ph-2'));
  });

  it('shows each photo’s time in its own zone, a plain-text excerpt and its tags', async () => {
    const { grid } = await openProject([
      photo('ph-rome', {
        zone: 'Europe/Rome',
        description: '<p>Footings <strong>poured</strong></p><ul><li><p>north wall</p></li></ul>',
        tags: ['footings', 'north'],
      }),
    ]);
    const [cell] = cells(grid);
    // The user's locale decides the order of the words; the wall clock is Rome's.
    expect(cell?.textContent).toMatch(/Wed.*22.*2008,? (16:28|04:28 PM) \(Rome\)/);
    expect(cell?.textContent).not.toContain('UTC');
    const excerpt = cell?.querySelector('.excerpt');
    expect(excerpt?.textContent).toBe('Footings poured north wall');
    expect(excerpt?.innerHTML).not.toContain('<strong>');
    expect(cell?.querySelector('.cell-tags')?.textContent).toBe('Tags: footingsnorth');
  });

  it('filters by date range and by words in the description, and offers to clear it', async () => {
    const { grid } = await openProject([
      photo('ph-a', { description: '<p>North <b>wall</b></p>', capturedAt: ROME }),
      photo('ph-b', { description: '<p>South wall</p>', capturedAt: ROME + 3 * DAY }),
      photo('ph-c', { description: '<p>Roof</p>', capturedAt: ROME + 10 * DAY }),
    ]);
    const ids = () => cells(grid).map((cell) => cell.textContent?.match(/photo (ph-\w)/)?.[1]);
    fireEvent.change(screen.getByLabelText('Description contains'), {
      target: { value: 'WALL' },
    });
    expect(ids()).toEqual(['ph-a', 'ph-b']);
    fireEvent.change(screen.getByLabelText('Taken from'), { target: { value: '2008-10-24' } });
    expect(ids()).toEqual(['ph-b']);
    screen.getByText('1 of 3 photos');
    fireEvent.change(screen.getByLabelText('Taken until'), { target: { value: '2008-10-24' } });
    expect(screen.queryByRole('list', { name: 'Photos in this project' })).toBeNull();
    screen.getByText('No photos match the filter.');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filter' }));
    const again = screen.getByRole('list', { name: 'Photos in this project' });
    expect(cells(again)).toHaveLength(3);
    expect(screen.getByLabelText('Description contains')).toHaveProperty('value', '');
  });

  it('selects what the filter shows, in the grid, for the bulk description', async () => {
    const { grid } = await openProject([
      photo('ph-a', { description: '<p>wall</p>' }),
      photo('ph-b', { description: '<p>roof</p>' }),
      photo('ph-c', { description: '<p>wall</p>' }),
      photo('ph-d', { description: '<p>wall</p>' }),
    ]);
    // A click, then a Shift-click: the range between, in grid order.
    const boxes = within(grid).getAllByRole('checkbox');
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(boxes[2] as HTMLElement, { shiftKey: true });
    screen.getByRole('textbox', { name: 'Description for the 3 selected photos' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    fireEvent.change(screen.getByLabelText('Description contains'), { target: { value: 'wall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    screen.getByRole('textbox', { name: 'Description for the 3 selected photos' });
    expect(screen.getByRole('toolbar', { name: 'Selection' }).textContent).toContain('3 selected');
  });
});
