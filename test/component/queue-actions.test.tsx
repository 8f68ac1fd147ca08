// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueueSnapshotView } from '../../shared/ipc/views';
import { QueueScreen } from '../../renderer/features/queue/QueueScreen';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { queueItemView as item } from '../fakes/queue-item-view';
import { words } from '../../shared/i18n/words';

afterEach(cleanup);

const queue: QueueSnapshotView = {
  condition: 'running',
  pausedAll: false,
  items: [
    item(1, { state: 'done', photoId: 'ph-1' }),
    item(2, { state: 'needs-attention', reason: words('reason.staging.fileMoved') }),
    item(3, { state: 'creating' }),
    item(4, { state: 'queued', paused: true }),
  ],
  progress: {
    stages: { preparing: 1, creating: 1, processing: 0, done: 1 },
    needsAttention: 1,
    paused: 1,
    bytesTotal: 4_000_000,
    bytesStaged: 2_000_000,
    etaSeconds: 90,
  },
};

/** jsdom lays nothing out, so the virtualized list is given a size to show its rows in. */
function giveTheListRoom() {
  for (const [name, value] of [
    ['clientHeight', 600],
    ['clientWidth', 800],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, value });
}

describe('the queue screen', () => {
  it('shows each item in words, and leaves the run’s progress to the shell’s one bar', () => {
    giveTheListRoom();
    const { bridge } = fakeBridge({});
    renderWithBridge(<QueueScreen queue={queue} />, bridge);
    // The only progress bars here are the rows' own (bytes of one file): the run's is the shell's.
    const list = screen.getByRole('list', { name: 'Queued items' });
    for (const bar of screen.queryAllByRole('progressbar')) expect(list.contains(bar)).toBe(true);
    expect(document.querySelector('.queue-progress')).toBeNull();
    const rows = within(screen.getByRole('list', { name: 'Queued items' }))
      .getAllByRole('listitem')
      .filter((row) => row.classList.contains('queue-item'));
    const words = rows.map((row) => row.textContent ?? '');
    expect(words.find((text) => text.includes('IMG_2'))).toContain(
      'Needs attention: The file was moved or deleted after it was added',
    );
    expect(words.find((text) => text.includes('IMG_4'))).toContain('Paused');
    // Done without a page on the service: "Uploaded", never a raw id.
    expect(words.find((text) => text.includes('IMG_1'))).toContain('Uploaded');
    expect(words.find((text) => text.includes('IMG_1'))).not.toContain('ph-1');
  });

  it('pauses, resumes, retries and cancels through the bridge, one item or all', async () => {
    giveTheListRoom();
    const { bridge, calls } = fakeBridge({
      'queue:pause': { changed: 1 },
      'queue:resume': { changed: 1 },
      'queue:retry': { changed: 1 },
      'queue:cancel': { cancelled: true },
    });
    renderWithBridge(<QueueScreen queue={queue} />, bridge);
    const list = screen.getByRole('list', { name: 'Queued items' });
    const row = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((entry) => entry.textContent?.includes(name)) as HTMLElement;
    fireEvent.click(within(row('IMG_3')).getByRole('button', { name: 'Pause IMG_3.jpg' }));
    fireEvent.click(within(row('IMG_4')).getByRole('button', { name: 'Resume IMG_4.jpg' }));
    fireEvent.click(within(row('IMG_2')).getByRole('button', { name: 'Retry IMG_2.jpg' }));
    fireEvent.click(within(row('IMG_3')).getByRole('button', { name: 'Cancel IMG_3.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pause all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed' }));
    expect(within(row('IMG_1')).queryByRole('button')).toBeNull();
    // The queue's actions only (the screen also asks for project names, for its batch headers).
    const queueCalls = () => calls.filter((call) => call.channel.startsWith('queue:'));
    await waitFor(() => expect(queueCalls()).toHaveLength(6));
    expect(queueCalls()).toEqual([
      { channel: 'queue:pause', input: { itemId: 3 } },
      { channel: 'queue:resume', input: { itemId: 4 } },
      { channel: 'queue:retry', input: { itemId: 2 } },
      { channel: 'queue:cancel', input: { itemId: 3 } },
      { channel: 'queue:pause', input: {} },
      { channel: 'queue:retry', input: {} },
    ]);
  });
});
