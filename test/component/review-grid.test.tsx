// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderIntakeScreen } from './render-intake-screen';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IntakeItemView } from '../../shared/ipc/views';
import { formatCaptureTime } from '../../shared/domain/photo-time-words';
import { fakeBridge } from './render-with-bridge';
import { intakeItemView } from '../fakes/intake-item-view';
import { useJsdomLayout, useJsdomResizing } from './jsdom-layout';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// about two rows of 290 px tall, plus the rows it renders beyond the edges.
useJsdomLayout({ width: 800, height: 600 });
const resize = useJsdomResizing({ width: 800, height: 600 });

/** A photo taken in Rome; the ids and names differ. */
function photo(intakeId: number): IntakeItemView {
  return intakeItemView(intakeId, {
    capture: {
      capturedAt: 1_224_685_719,
      capturedAtMs: 1_224_685_719_000,
      rule: 'gps-zone',
      zone: 'Europe/Rome',
      wallTime: '2008-10-22T16:28:39',
      source: 'DateTimeOriginal',
    },
    coordinates: { lat: 43.4674, lon: 11.8851 },
  });
}

const removed: number[][] = [];
function renderReview(count: number) {
  const { bridge } = fakeBridge({ 'projects:recent': [] });
  renderIntakeScreen(
    Array.from({ length: count }, (_, index) => photo(index + 1)),
    bridge,
    { remove: (ids) => removed.push([...ids]) },
  );
  return screen.queryByRole('grid', { name: 'Photos found' }) ?? document.body;
}

const cell = (id: number) =>
  screen.getByRole('gridcell', { name: new RegExp(`^IMG_${id}\\.jpg `) });
const selectedNames = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('gridcell')
    .filter((element) => element.getAttribute('aria-selected') === 'true')
    .map((element) => within(element).getByTitle(/\/drop\//).textContent);
const key = (
  name: string,
  held: { shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean } = {},
) => fireEvent.keyDown(document.activeElement ?? document.body, { key: name, ...held });

describe('the review grid', () => {
  it('is the default view, and holds 5,000 photos with only a screenful of cells in the page', () => {
    const grid = renderReview(5000);
    expect(screen.getByRole('radio', { name: 'Grid' }).getAttribute('aria-checked')).toBe('true');
    const cells = within(grid).getAllByRole('gridcell');
    expect(cells.length).toBeGreaterThanOrEqual(8);
    expect(cells.length).toBeLessThanOrEqual(24);
    expect(grid.getAttribute('aria-colcount')).toBe('4');
    expect(grid.getAttribute('aria-rowcount')).toBe('1250');
    expect(within(grid).getAllByRole('row')[0]?.getAttribute('aria-rowindex')).toBe('1');
    // Each cell reads its name and its capture time, in the photo's own zone.
    expect(cell(1).textContent).toContain(formatCaptureTime(1_224_685_719, 'Europe/Rome'));
    expect(cell(1).textContent).toContain('(Rome)');
    // One Tab stop: the first cell.
    expect(cells.filter((element) => element.tabIndex === 0)).toEqual([cell(1)]);
  });

  it('asks for a thumbnail only once its cell stayed in view 120 ms', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderReview(3);
      expect(cell(1).querySelector('img')).toBeNull();
      act(() => void vi.advanceTimersByTime(100));
      expect(cell(1).querySelector('img')).toBeNull();
      act(() => void vi.advanceTimersByTime(30));
      expect(cell(1).querySelector('img')?.getAttribute('src')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('selects by click, Ctrl/Cmd-click and Shift-click', () => {
    const grid = renderReview(12);
    fireEvent.click(cell(2));
    expect(selectedNames(grid)).toEqual(['IMG_2.jpg']);
    fireEvent.click(cell(5), { ctrlKey: true });
    expect(selectedNames(grid)).toEqual(['IMG_2.jpg', 'IMG_5.jpg']);
    fireEvent.click(cell(2), { metaKey: true });
    expect(selectedNames(grid)).toEqual(['IMG_5.jpg']);
    // The last Ctrl/Cmd-click (on 2) set the anchor the range starts from.
    fireEvent.click(cell(7), { shiftKey: true });
    expect(selectedNames(grid)).toEqual([2, 3, 4, 5, 6, 7].map((id) => `IMG_${id}.jpg`));
    fireEvent.click(cell(4), { shiftKey: true });
    expect(selectedNames(grid)).toEqual(['IMG_2.jpg', 'IMG_3.jpg', 'IMG_4.jpg']);
    fireEvent.click(cell(1));
    expect(selectedNames(grid)).toEqual(['IMG_1.jpg']);
    expect(screen.getByText(/1 selected/)).toBeTruthy();
  });

  it('moves the focus with the arrows by cells and rows, extends with Shift, toggles with Space, selects all with Ctrl+A', () => {
    const grid = renderReview(12);
    fireEvent.click(cell(1));
    cell(1).focus();
    key('ArrowRight');
    expect(document.activeElement).toBe(cell(2));
    key('ArrowDown');
    expect(document.activeElement).toBe(cell(6));
    expect(selectedNames(grid)).toEqual(['IMG_1.jpg']);
    key(' ');
    expect(selectedNames(grid)).toEqual(['IMG_1.jpg', 'IMG_6.jpg']);
    key('ArrowLeft', { shiftKey: true });
    expect(document.activeElement).toBe(cell(5));
    expect(selectedNames(grid)).toEqual(['IMG_5.jpg', 'IMG_6.jpg']);
    key('ArrowUp', { shiftKey: true });
    expect(selectedNames(grid)).toEqual([
      'IMG_1.jpg',
      'IMG_2.jpg',
      'IMG_3.jpg',
      'IMG_4.jpg',
      'IMG_5.jpg',
      'IMG_6.jpg',
    ]);
    // The focused cell is the one Tab stop.
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((element) => element.tabIndex === 0),
    ).toEqual([cell(1)]);
    key('a', { ctrlKey: true });
    expect(selectedNames(grid)).toHaveLength(12);
    expect(screen.getByText(/12 selected/)).toBeTruthy();
  });

  it('keeps the focus on its photo when a resize moves the cells to other rows', () => {
    renderReview(12);
    fireEvent.click(cell(1));
    cell(1).focus();
    key('ArrowRight');
    key('ArrowRight');
    expect(document.activeElement).toBe(cell(3));
    // Four columns to one: the third photo moves from the first row to the third.
    resize({ width: 250, height: 900 });
    expect(document.activeElement).toBe(cell(3));
    resize({ width: 800, height: 600 });
    expect(document.activeElement).toBe(cell(3));
    key('ArrowRight');
    expect(document.activeElement).toBe(cell(4));
  });

  it('keeps the selection when switched to the list, and remembers the choice', () => {
    renderReview(12);
    fireEvent.click(cell(3));
    fireEvent.click(cell(4), { ctrlKey: true });
    fireEvent.click(screen.getByRole('radio', { name: 'List' }));
    expect(screen.queryByRole('grid')).toBeNull();
    const list = screen.getByRole('list', { name: 'Photos found' });
    const checked = within(list)
      .getAllByRole('checkbox')
      .filter((box) => box instanceof HTMLInputElement && box.checked)
      .map((box) => box.getAttribute('aria-label'));
    expect(checked).toEqual(['Select IMG_3.jpg', 'Select IMG_4.jpg']);
    expect(window.localStorage.getItem('photo-uploader.review-layout')).toBe('list');
    cleanup();
    renderReview(3);
    expect(screen.getByRole('radio', { name: 'List' }).getAttribute('aria-checked')).toBe('true');
  });

  it('moves the focus and selection with the keyboard in the list too', () => {
    renderReview(12);
    fireEvent.click(screen.getByRole('radio', { name: 'List' }));
    const rowOf = (id: number) =>
      screen.getByRole('checkbox', { name: `Select IMG_${id}.jpg` }).closest('li');
    fireEvent.click(rowOf(2)!);
    rowOf(2)!.focus();
    key('ArrowDown', { shiftKey: true });
    key('ArrowDown', { shiftKey: true });
    expect(document.activeElement).toBe(rowOf(4));
    const checked = () =>
      screen
        .getAllByRole('checkbox', { name: /^Select IMG_/ })
        .filter((box) => box instanceof HTMLInputElement && box.checked)
        .map((box) => box.getAttribute('aria-label'));
    expect(checked()).toEqual(['Select IMG_2.jpg', 'Select IMG_3.jpg', 'Select IMG_4.jpg']);
    key('ArrowDown');
    key(' ');
    expect(checked()).toHaveLength(4);
  });

  it('names the photo on each of its buttons, and leaves one out', () => {
    renderReview(3);
    fireEvent.click(screen.getByRole('button', { name: 'Leave out IMG_2.jpg' }));
    expect(removed.at(-1)).toEqual([2]);
  });
});
