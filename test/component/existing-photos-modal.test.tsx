// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoView } from '../../shared/ipc/views';
import { ExistingPhotos } from '../../renderer/features/photos/ExistingPhotos';
import { useJsdomLayout } from './jsdom-layout';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

// Issue 24 §1: on a narrow window the photo's editor lies over the grid. There it must be modal:
// the Tab key stays inside it (the cards beneath it are out of reach), the rest of the window is
// hidden, Escape closes it and the focus goes back to the card it was opened from.

useJsdomLayout({ width: 800, height: 600 });

/**
 * A window `width` CSS px wide, as the stylesheet's `max-width` media queries see it; the function
 * returned resizes it and tells the queries whose answer changed, as the browser does.
 */
function windowWidth(initial: number): (width: number) => void {
  let width = initial;
  const queries: { readonly limit: number; readonly heard: Set<() => void> }[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    const limit = Number(/max-width: ([\d.]+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY);
    const heard = new Set<() => void>();
    queries.push({ limit, heard });
    return {
      get matches() {
        return width <= limit;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => heard.add(listener),
      removeEventListener: (_type: string, listener: () => void) => heard.delete(listener),
    };
  });
  return (next) => {
    const before = width;
    width = next;
    act(() => {
      for (const query of queries)
        if (before <= query.limit !== next <= query.limit)
          for (const listener of query.heard) listener();
    });
  };
}

let resize: (width: number) => void;
beforeEach(() => {
  resize = windowWidth(700);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function photo(id: string): PhotoView {
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
  };
}

async function openEditor() {
  const { bridge } = fakeBridge({
    'projects:recent': [{ id: 'pr-1', name: 'Site A', address: '', photoCount: 2 }],
    'photos:list': { photos: [photo('ph-a'), photo('ph-b')], more: false },
  });
  renderWithBridge(<ExistingPhotos conflicts={[]} />, bridge);
  fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
  const grid = await screen.findByRole('list', { name: 'Photos in this project' });
  const open = within(grid).getByRole('button', { name: 'Edit description, photo ph-b' });
  act(() => open.focus());
  fireEvent.click(open);
  const dialog = await screen.findByRole('dialog', { name: 'Edit description' });
  return { grid, open, dialog };
}

/** The elements of `root` the Tab key stops at, in order. */
function tabStops(root: HTMLElement): HTMLElement[] {
  return [
    ...root.querySelectorAll<HTMLElement>('button, input, textarea, select, a[href], [tabindex]'),
  ].filter((element) => element.tabIndex >= 0 && !element.hasAttribute('disabled'));
}

describe('the photo’s editor on a narrow window', () => {
  it('is a modal dialog: the focus starts on its heading and the cards beneath are hidden', async () => {
    const { grid, dialog } = await openEditor();
    expect(document.activeElement).toBe(within(dialog).getByRole('heading'));
    within(dialog).getByRole('textbox', { name: 'Description of this photo' });
    // The grid is out of reach: hidden from screen readers (and from role queries) meanwhile.
    expect(grid.closest('[aria-hidden="true"], [inert]')).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Photos in this project' })).toBeNull();
  });

  it('keeps the Tab key inside it, forwards and backwards', async () => {
    const { dialog } = await openEditor();
    const stops = tabStops(dialog);
    expect(stops.length).toBeGreaterThan(1);
    const first = stops[0]!;
    const last = stops.at(-1)!;
    act(() => last.focus());
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on Escape and gives the focus back to the card', async () => {
    const { open } = await openEditor();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(screen.getByRole('list', { name: 'Photos in this project' })).toBeTruthy();
  });

  it('stays open when the dimmed window is pressed: a stray click keeps what is being typed', async () => {
    const { dialog } = await openEditor();
    const overlay = document.querySelector('.photo-panel-overlay');
    if (!(overlay instanceof HTMLElement)) throw new Error('no overlay');
    fireEvent.pointerDown(overlay);
    fireEvent.pointerUp(overlay);
    fireEvent.click(overlay);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('stays a region beside the grid, not modal, on a wide window', async () => {
    resize(1280);
    const { bridge } = fakeBridge({
      'projects:recent': [{ id: 'pr-1', name: 'Site A', address: '', photoCount: 2 }],
      'photos:list': { photos: [photo('ph-a')], more: false },
    });
    renderWithBridge(<ExistingPhotos conflicts={[]} />, bridge);
    fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
    const grid = await screen.findByRole('list', { name: 'Photos in this project' });
    fireEvent.click(within(grid).getByRole('button', { name: 'Edit description, photo ph-a' }));
    screen.getByRole('region', { name: 'Edit description' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('list', { name: 'Photos in this project' })).toBe(grid);
  });
});

/** Existing photos on a wide window, with photo ph-b's editor open beside the grid. */
async function openBeside() {
  resize(1280);
  const { bridge } = fakeBridge({
    'projects:recent': [{ id: 'pr-1', name: 'Site A', address: '', photoCount: 2 }],
    'photos:list': {
      photos: [photo('ph-a'), { ...photo('ph-b'), description: '<p>Formwork stripped</p>' }],
      more: false,
    },
  });
  // Strict mode as the app runs it: each new panel's effects run, are undone and run again, as
  // when React keeps a hidden part of the page and shows it again.
  renderWithBridge(
    <StrictMode>
      <ExistingPhotos conflicts={[]} />
    </StrictMode>,
    bridge,
  );
  fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
  const grid = await screen.findByRole('list', { name: 'Photos in this project' });
  const open = within(grid).getByRole('button', { name: 'Edit description, photo ph-b' });
  act(() => open.focus());
  fireEvent.click(open);
  const region = screen.getByRole('region', { name: 'Edit description' });
  return { open, region };
}

// A window resized across the line builds the panel anew in its other form. The focus used to
// fall to the page's body, where Escape no longer closed the panel (a journey's full-page
// screenshot, which resizes the window for a moment, did the same).
describe('the photo’s editor when the window crosses the narrow line', () => {
  it('keeps the focus on its heading both ways, and Escape still closes it', async () => {
    const { open, region } = await openBeside();
    expect(document.activeElement).toBe(within(region).getByRole('heading'));

    resize(700);
    const dialog = screen.getByRole('dialog', { name: 'Edit description' });
    expect(document.activeElement).toBe(within(dialog).getByRole('heading'));

    resize(1280);
    const beside = screen.getByRole('region', { name: 'Edit description' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(beside).getByRole('heading'));

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Edit description' })).toBeNull(),
    );
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('keeps the focus in the description, which keeps its text', async () => {
    const { region } = await openBeside();
    const box = within(region).getByRole('textbox', { name: 'Description of this photo' });
    act(() => box.focus());
    expect(document.activeElement).toBe(box);

    resize(700);
    const dialog = screen.getByRole('dialog', { name: 'Edit description' });
    const narrowBox = within(dialog).getByRole('textbox', { name: 'Description of this photo' });
    expect(narrowBox).not.toBe(box);
    expect(document.activeElement).toBe(narrowBox);
    expect(narrowBox.textContent).toBe('Formwork stripped');

    resize(1280);
    const beside = screen.getByRole('region', { name: 'Edit description' });
    expect(document.activeElement).toBe(
      within(beside).getByRole('textbox', { name: 'Description of this photo' }),
    );
  });

  it('keeps the focus on the close button', async () => {
    const { region } = await openBeside();
    const close = within(region).getByRole('button', { name: 'Back to the photos' });
    act(() => close.focus());
    resize(700);
    const dialog = screen.getByRole('dialog', { name: 'Edit description' });
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Back to the photos' }),
    );
  });
});
