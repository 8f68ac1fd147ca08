// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcChannel, IpcResults } from '../../shared/ipc/contract';
import type { PhotoView } from '../../shared/ipc/views';
import { ExistingPhotos } from '../../renderer/features/photos/ExistingPhotos';
import { useJsdomLayout } from './jsdom-layout';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);
useJsdomLayout({ width: 800, height: 600 });

// Issue 24 §1: each card holds its selection box and its description; the editor opens in a side
// panel that takes the focus and gives it back to the card; empty states say what to do next.

function photo(id: string, change: Partial<PhotoView> = {}): PhotoView {
  return {
    id,
    projectId: 'pr-1',
    capturedAt: Date.UTC(2008, 9, 22, 14, 28, 39) / 1000,
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

type Answers = Partial<{ [C in IpcChannel]: IpcResults[C] }>;

/** Existing photos over `answers` (which a test may change between calls), Site A chosen. */
async function openSite(answers: Answers) {
  const { bridge, calls } = fakeBridge(answers);
  renderWithBridge(<ExistingPhotos conflicts={[]} />, bridge);
  fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
  return { calls };
}

const SITE_A = [{ id: 'pr-1', name: 'Site A', address: '', photoCount: 2 }];
const LONG = 'Footings poured along the north wall. '.repeat(6).trim();

describe('an Existing photos card', () => {
  it('holds its selection box, its whole description and one button that says what it does', async () => {
    await openSite({
      'projects:recent': SITE_A,
      'photos:list': {
        photos: [photo('ph-a', { description: `<p>${LONG}</p>` }), photo('ph-b')],
        more: false,
      },
    });
    const grid = await screen.findByRole('list', { name: 'Photos in this project' });
    const [first, second] = within(grid).getAllByRole('listitem');
    if (first === undefined || second === undefined) throw new Error('two cards expected');
    within(first).getByRole('checkbox', { name: 'Select photo ph-a' });
    const excerpt = first.querySelector('.excerpt');
    // Three lines on screen (CSS), the whole text in the page, in the card and its tooltip.
    expect(excerpt?.textContent).toBe(LONG);
    expect(excerpt?.getAttribute('title')).toBe(LONG);
    const buttons = within(first).getAllByRole('button');
    expect(buttons).toHaveLength(1);
    const open = within(first).getByRole('button', { name: 'Edit description, photo ph-a' });
    expect(open).toBe(buttons[0]);
    expect(document.getElementById(open.getAttribute('aria-describedby') ?? '')).toBe(excerpt);
    expect(second.querySelector('.excerpt')?.textContent).toBe('No description');
  });

  it('shows an icon while its thumbnail loads, the picture once drawn, a crossed-out icon if none', async () => {
    await openSite({
      'projects:recent': SITE_A,
      'photos:list': {
        photos: [photo('ph-a'), photo('ph-b'), photo('ph-none', { hasThumbnail: false })],
        more: false,
      },
    });
    const grid = await screen.findByRole('list', { name: 'Photos in this project' });
    const [loads, fails, none] = within(grid)
      .getAllByRole('listitem')
      .map((cell) => cell.querySelector<HTMLElement>('.photo-thumb'));
    expect(loads?.dataset.drawn).toBe('loading');
    expect(loads?.querySelector('svg')).not.toBeNull();
    fireEvent.load(loads?.querySelector('img') as HTMLImageElement);
    expect(loads?.dataset.drawn).toBe('loaded');
    expect(loads?.querySelector('svg')).toBeNull();
    fireEvent.error(fails?.querySelector('img') as HTMLImageElement);
    expect(fails?.dataset.drawn).toBe('failed');
    expect(fails?.querySelector('img')).toBeNull();
    expect(fails?.querySelector('svg')).not.toBeNull();
    expect(none?.dataset.drawn).toBe('failed');
    expect(none?.querySelector('img')).toBeNull();
  });
});

describe('the photo’s editor', () => {
  it('opens in a side panel with the focus on its heading; Escape or Back gives it back to the card', async () => {
    await openSite({
      'projects:recent': SITE_A,
      'photos:list': { photos: [photo('ph-a'), photo('ph-b')], more: false },
    });
    const grid = await screen.findByRole('list', { name: 'Photos in this project' });
    const open = within(grid).getByRole('button', { name: 'Edit description, photo ph-b' });
    open.focus();
    fireEvent.click(open);
    const panel = screen.getByRole('region', { name: 'Edit description' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading'));
    within(panel).getByRole('group', { name: 'Photo ph-b' });
    // Its card says which photo the panel shows.
    expect(open.getAttribute('aria-current')).toBe('true');
    within(panel).getByRole('textbox', { name: 'Description of this photo' });
    // The grid stays: the panel is beside it, not over a blocked page.
    expect(screen.getByRole('list', { name: 'Photos in this project' })).toBe(grid);

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Edit description' })).toBeNull();
    expect(open.getAttribute('aria-current')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));

    fireEvent.click(open);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the photos' }));
    expect(screen.queryByRole('region', { name: 'Edit description' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('puts the selected photos’ description in the same panel, without taking the focus', async () => {
    await openSite({
      'projects:recent': SITE_A,
      'photos:list': { photos: [photo('ph-a'), photo('ph-b')], more: false },
    });
    const grid = await screen.findByRole('list', { name: 'Photos in this project' });
    const box = within(grid).getByRole('checkbox', { name: 'Select photo ph-a' });
    box.focus();
    fireEvent.click(box);
    const panel = screen.getByRole('region', { name: '1 photo selected' });
    within(panel).getByRole('textbox', { name: 'Description for the 1 selected photo' });
    expect(document.activeElement).toBe(box);
    fireEvent.click(within(panel).getByRole('button', { name: 'Close and clear the selection' }));
    expect(screen.queryByRole('region', { name: '1 photo selected' })).toBeNull();
    expect(box).toHaveProperty('checked', false);
  });
});

describe('what Existing photos says when there is nothing to show', () => {
  it('asks for a project first', () => {
    const { bridge } = fakeBridge({ 'projects:recent': SITE_A });
    renderWithBridge(<ExistingPhotos conflicts={[]} />, bridge);
    screen.getByText(/^Choose a project above to see its photos/);
  });

  it('says the project has no photos yet and where to add some', async () => {
    await openSite({ 'projects:recent': SITE_A, 'photos:list': { photos: [], more: false } });
    await screen.findByText(/^This project has no photos yet\. Upload some/);
    expect(screen.queryByText(/^Choose a project above/)).toBeNull();
  });

  it('says loading failed and why, next to where the grid would be, and tries again', async () => {
    const answers: Answers = { 'projects:recent': SITE_A };
    const { calls } = await openSite(answers);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The photos of this project could not be loaded.');
    expect(alert.textContent).toContain('no answer for photos:list');
    answers['photos:list'] = { photos: [photo('ph-a')], more: false };
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const grid = await screen.findByRole('list', { name: 'Photos in this project' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call.channel === 'photos:list')).toHaveLength(2);
  });
});
