// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueItemView } from '../../shared/ipc/views';
import { QueueScreen } from '../../renderer/features/queue/QueueScreen';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { queueSnapshot } from '../fakes/queue-snapshot';
import { queueItemView as item } from '../fakes/queue-item-view';
import { words as wordsOf } from '../../shared/i18n/words';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const NOW = Date.now();
const MINUTE = 60_000;

const snapshot = (items: readonly QueueItemView[]) => queueSnapshot(items);

/** jsdom lays nothing out, so the virtualized list is given a size to show its rows in. */
function giveTheListRoom() {
  for (const [name, value] of [
    ['clientHeight', 600],
    ['clientWidth', 800],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, value });
}

const recent = [
  { id: 'harbor', name: 'Harbor View Tower', address: '', photoCount: 4 },
  { id: 'mill', name: 'Old Mill', address: '', photoCount: 0 },
];

describe('the queue’s look', () => {
  it('groups items by batch under a header with the project, when, and counts per state', async () => {
    giveTheListRoom();
    const { bridge } = fakeBridge({ 'projects:recent': recent });
    renderWithBridge(
      <QueueScreen
        queue={snapshot([
          item(1, {
            projectId: 'harbor',
            state: 'done',
            queuedAt: NOW - 60 * MINUTE,
            updatedAt: NOW - 3 * MINUTE,
          }),
          item(2, {
            projectId: 'harbor',
            state: 'needs-attention',
            reason: wordsOf('reason.legacy', { text: 'Unreadable' }),
            queuedAt: NOW - 60 * MINUTE,
          }),
          item(3, { projectId: 'mill', state: 'queued', queuedAt: NOW - 5 * MINUTE }),
          item(4, { projectId: 'mill', state: 'queued', paused: true, queuedAt: NOW - 5 * MINUTE }),
        ])}
      />,
      bridge,
    );
    const list = screen.getByRole('list', { name: 'Queued items' });
    const rows = () => within(list).getAllByRole('listitem');
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Old Mill'));
    const words = rows().map((row) => row.textContent ?? '');
    // Newest batch first, each header before its items.
    expect(words[0]).toMatch(/Old Mill · 2 items queued 5 min\.? ago.*1 waiting.*1 paused/);
    expect(words[1]).toContain('IMG_4.jpg');
    expect(words[2]).toContain('IMG_3.jpg');
    expect(words[3]).toMatch(
      /Harbor View Tower · 2 items queued 1 hr\.? ago.*1 needs attention.*1 done/,
    );
    // The upload time of a done item is relative.
    expect(words.find((text) => text.includes('IMG_1'))).toMatch(/3 min\.? ago/);
  });

  it('gives each state an icon and a colour as well as words', () => {
    giveTheListRoom();
    const { bridge } = fakeBridge({ 'projects:recent': recent });
    renderWithBridge(
      <QueueScreen
        queue={snapshot([
          item(1, { state: 'done', queuedAt: NOW }),
          item(2, {
            state: 'needs-attention',
            reason: wordsOf('reason.legacy', { text: 'Gone' }),
            queuedAt: NOW,
          }),
          item(3, { state: 'creating', queuedAt: NOW }),
          item(4, { state: 'queued', paused: true, queuedAt: NOW }),
          item(5, { state: 'cancelled', queuedAt: NOW }),
          item(6, { state: 'queued', queuedAt: NOW }),
        ])}
      />,
      bridge,
    );
    const list = screen.getByRole('list', { name: 'Queued items' });
    const state = (name: string) => {
      const row = within(list)
        .getAllByRole('listitem')
        .find((entry) => entry.textContent?.includes(name));
      const chip = row?.querySelector('.state');
      const icon = chip?.querySelector('svg');
      return {
        tone: chip?.getAttribute('data-tone'),
        icon: icon?.getAttribute('data-tone'),
        hidden: icon?.getAttribute('aria-hidden'),
        shape: icon?.innerHTML,
        words: chip?.textContent,
      };
    };
    const looks = ['IMG_1', 'IMG_2', 'IMG_3', 'IMG_4', 'IMG_5', 'IMG_6'].map(state);
    expect(looks.map((look) => [look.tone, look.icon, look.hidden, look.words])).toEqual([
      ['done', 'done', 'true', 'Uploaded'],
      ['attention', 'attention', 'true', 'Needs attention: Gone'],
      ['working', 'working', 'true', 'Creating the photo on the service'],
      ['paused', 'paused', 'true', 'Paused'],
      ['cancelled', 'cancelled', 'true', 'Cancelled'],
      ['waiting', 'waiting', 'true', 'Preparing'],
    ]);
    // Six tones, six different shapes.
    expect(new Set(looks.map((look) => look.shape)).size).toBe(6);
  });

  it('names the photo on every per-row action button', () => {
    giveTheListRoom();
    const { bridge } = fakeBridge({});
    renderWithBridge(
      <QueueScreen
        queue={snapshot([
          item(1, { path: '/site/DSCN0010.jpg', state: 'needs-attention', queuedAt: NOW }),
          item(2, { path: '/site/DSCN0012.jpg', state: 'queued', paused: true, queuedAt: NOW }),
        ])}
      />,
      bridge,
    );
    const names = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'))
      .filter((name) => name !== null);
    // Newest first: item 2, then item 1.
    expect(names).toEqual([
      'Resume DSCN0012.jpg',
      'Cancel DSCN0012.jpg',
      'Retry DSCN0010.jpg',
      'Pause DSCN0010.jpg',
      'Cancel DSCN0010.jpg',
    ]);
  });

  it('shows each photo’s thumbnail once its row has stayed in view', async () => {
    vi.useFakeTimers();
    giveTheListRoom();
    const { bridge } = fakeBridge({});
    const md5 = 'a'.repeat(32);
    renderWithBridge(<QueueScreen queue={snapshot([item(1, { md5, queuedAt: NOW })])} />, bridge);
    const list = screen.getByRole('list', { name: 'Queued items' });
    expect(list.querySelector('img')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(list.querySelector('img')?.getAttribute('src')).toBe(`thumb://photo/${md5}.jpg`);
  });

  it('keeps 20,000 items virtualized, headers included', () => {
    giveTheListRoom();
    const { bridge } = fakeBridge({});
    const many = Array.from({ length: 20_000 }, (_, index) =>
      item(index + 1, {
        projectId: index < 10_000 ? 'harbor' : 'mill',
        queuedAt: NOW - (index < 10_000 ? 0 : 60) * MINUTE,
      }),
    );
    renderWithBridge(<QueueScreen queue={snapshot(many)} />, bridge);
    const rows = within(screen.getByRole('list', { name: 'Queued items' })).getAllByRole(
      'listitem',
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]?.getAttribute('aria-setsize')).toBe('20002');
  });

  it('says what to do when nothing is queued', () => {
    const { bridge } = fakeBridge({});
    renderWithBridge(<QueueScreen queue={snapshot([])} />, bridge);
    screen.getByText('Nothing queued. Add photos to upload them.');
  });
});
