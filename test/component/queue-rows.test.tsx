// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { textOf } from '../support/word-values';
import type { QueueItemView } from '../../shared/ipc/views';
import { QueueScreen } from '../../renderer/features/queue/QueueScreen';
import { groupQueue, type QueueGroup } from '../../renderer/features/queue/queue-groups';
import { photoLink } from '../../renderer/features/queue/photo-link';
import { itemName } from '../../renderer/features/queue/QueueRows';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { queueSnapshot } from '../fakes/queue-snapshot';
import { queueItemView as item } from '../fakes/queue-item-view';

// Issue 24 §1: a done item links its page on the service (never a raw id), an item whose bytes
// move shows a bar, and a batch shows its totals and folds.

afterEach(cleanup);

const NOW = Date.now();
const PAGE = 'https://service.example/?project=harbor#photo-ph-1';

/** jsdom lays nothing out, so the virtualized list is given a size to show its rows in. */
function giveTheListRoom() {
  for (const [name, value] of [
    ['clientHeight', 600],
    ['clientWidth', 800],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, value });
}

function renderQueue(items: readonly QueueItemView[]) {
  giveTheListRoom();
  const { bridge } = fakeBridge({
    'projects:recent': [{ id: 'harbor', name: 'Harbor View Tower', address: '', photoCount: 0 }],
  });
  renderWithBridge(<QueueScreen queue={queueSnapshot(items)} />, bridge);
  return screen.getByRole('list', { name: 'Queued items' });
}

const done = (id: number, change: Partial<QueueItemView> = {}) =>
  item(id, { projectId: 'harbor', state: 'done', photoId: `ph-${id}`, queuedAt: NOW, ...change });

describe('a done item’s page on the service', () => {
  it('is a link named for the photo, opened outside the window, instead of the photo’s id', () => {
    const list = renderQueue([done(1, { photoUrl: PAGE })]);
    const link = within(list).getByRole('link', {
      name: 'View photo IMG_1.jpg on the Photo Service',
    });
    expect(link.getAttribute('href')).toBe(PAGE);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noreferrer');
    expect(list.textContent).not.toContain('ph-1');
  });

  it('is no link when the service gave none: the row says Uploaded, never a raw id', () => {
    const list = renderQueue([done(1)]);
    expect(within(list).queryByRole('link')).toBeNull();
    const row = within(list)
      .getAllByRole('listitem')
      .find((entry) => entry.textContent?.includes('IMG_1'));
    expect(row?.textContent).toContain('Uploaded');
    expect(row?.textContent).not.toContain('ph-1');
  });

  it('is no link for an address that is not an http(s) page', () => {
    const hostile = [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'https://user:secret@service.example/',
      'not a url',
    ];
    const list = renderQueue(hostile.map((photoUrl, index) => done(index + 1, { photoUrl })));
    expect(within(list).queryAllByRole('link')).toEqual([]);
    expect(list.querySelector('a')).toBeNull();
  });

  it('is kept by the window only as an http(s) address, whatever main sent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withFragments: true })), (address) => {
        const kept = photoLink(address);
        if (kept !== undefined) expect(new URL(kept).protocol).toMatch(/^https?:$/);
      }),
    );
  });
});

describe('an item whose bytes are on their way', () => {
  it('shows a progress bar with how much is sent, and none once the file is staged', () => {
    const list = renderQueue([
      item(1, { projectId: 'harbor', queuedAt: NOW, size: 1_000_000, bytesSent: 250_000 }),
      item(2, { projectId: 'harbor', queuedAt: NOW, state: 'staged' }),
      item(3, { projectId: 'harbor', queuedAt: NOW }),
    ]);
    const bars = within(list).getAllByRole('progressbar');
    expect(bars).toHaveLength(1);
    expect(bars[0]?.getAttribute('aria-label')).toBe('Upload of IMG_1.jpg');
    expect(bars[0]?.getAttribute('aria-valuenow')).toBe('250000');
    expect(bars[0]?.getAttribute('aria-valuetext')).toMatch(/250 kB of 1 MB sent/i);
  });
});

describe('a batch', () => {
  const batch = [
    done(1, { size: 1_000_000 }),
    done(2, { size: 1_000_000 }),
    item(3, { projectId: 'harbor', queuedAt: NOW, size: 1_000_000 }),
    item(4, {
      projectId: 'harbor',
      queuedAt: NOW,
      size: 1_000_000,
      state: 'needs-attention',
      reason: { key: 'reason.staging.fileMoved' },
    }),
    item(5, { projectId: 'harbor', queuedAt: NOW, size: 1_000_000, state: 'cancelled' }),
  ];

  it('counts its items per state and its bytes (cancelled ones aside)', () => {
    const header = groupQueue(batch)[0];
    expect(header?.type).toBe('group');
    const group = (header as { readonly group: QueueGroup }).group;
    expect(group.counts).toMatchObject({ done: 2, waiting: 1, attention: 1, cancelled: 1 });
    expect(group.bytes).toEqual({ total: 4_000_000, sent: 2_000_000 });
  });

  it('shows its totals in its header, and folds to its header and back', async () => {
    const list = renderQueue(batch);
    const toggle = await waitFor(() =>
      within(list).getByRole('button', { name: /Harbor View Tower · 5 items queued/ }),
    );
    const header = toggle.closest('li');
    expect(header?.textContent).toMatch(/1 needs attention.*1 waiting.*2 done.*1 cancelled/);
    expect(header?.textContent).toMatch(/2 MB of 4 MB sent/);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(toggle);
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
  });

  it('says next to the row what happened to an item that needs attention, with Retry beside it', () => {
    const list = renderQueue(batch);
    const row = within(list)
      .getAllByRole('listitem')
      .find((entry) => entry.textContent?.includes('IMG_4'));
    expect(row?.textContent).toContain(
      'Needs attention: The file was moved or deleted after it was added',
    );
    expect(within(row!).getByRole('button', { name: 'Retry IMG_4.jpg' })).toBeTruthy();
  });
});

describe('an empty queue', () => {
  it('says what to do next', () => {
    renderWithBridge(<QueueScreen queue={queueSnapshot([])} />, fakeBridge({}).bridge);
    screen.getByText('Nothing queued. Add photos to upload them.');
    screen.getByText(/Open Add photos, drop photos or folders there/);
  });
});

describe('a description edit in the queue', () => {
  const edit = (id: number, change: Partial<QueueItemView> = {}) =>
    item(id, {
      kind: 'description',
      path: undefined,
      md5: undefined,
      photoId: 'ph-9',
      state: 'queued',
      queuedAt: NOW,
      ...change,
    });

  it('is named by the start of its new description, with a link to its photo when known', () => {
    const list = renderQueue([
      edit(1, { description: '<p>Footings poured along the north wall</p>', photoUrl: PAGE }),
    ]);
    expect(list.textContent).toContain('Description “Footings poured along the north wall”');
    const link = within(list).getByRole('link', {
      name: 'View photo Description “Footings poured along the north wall” on the Photo Service',
    });
    expect(link.getAttribute('href')).toBe(PAGE);
    expect(list.innerHTML).not.toContain('ph-9');
  });

  it('is a photo on the service when its description is empty, and its file when known', () => {
    const list = renderQueue([
      edit(1),
      edit(2, { path: '/site/IMG_7.jpg', description: '<p>x</p>' }),
    ]);
    expect(list.textContent).toContain('Description of a photo on the Photo Service');
    expect(list.textContent).toContain('Description of IMG_7.jpg');
    expect(within(list).queryByRole('link')).toBeNull();
    expect(list.innerHTML).not.toContain('ph-9');
  });

  it('never says the photo’s raw id, and keeps a long description’s name short', () => {
    // Ids as services make them (uuids, slugs); `about` is the message's select, not words.
    const photoIds = fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_-]{4,64}$/));
    fc.assert(
      fc.property(photoIds, fc.string(), (photoId, text) => {
        fc.pre(!text.includes(photoId));
        const named = itemName(edit(1, { photoId, description: `<p>${text}</p>` }));
        expect(typeof named).toBe('object');
        if (typeof named === 'string') return;
        const { about: _about, ...said } = named.values ?? {};
        for (const value of Object.values(said))
          expect(JSON.stringify(value)).not.toContain(photoId);
        expect(textOf(named.values?.name ?? '').length).toBeLessThanOrEqual(60);
      }),
    );
  });
});

describe('where a file went after upload (issue 26 §3)', () => {
  it('says where each moved file went, that one went to the trash, and why one was left; nothing while pending', () => {
    const list = renderQueue([
      done(1, { afterUpload: { kind: 'moved', to: '/home/ana/Sorted/level-1/IMG_1.jpg' } }),
      done(2, { afterUpload: { kind: 'trashed' } }),
      done(3, {
        afterUpload: { kind: 'left', reason: { key: 'reason.afterUpload.changed' } },
      }),
      done(4, { afterUpload: { kind: 'pending' } }),
    ]);
    const row = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((entry) => entry.textContent?.includes(name));
    expect(row('IMG_1')?.textContent).toContain('Moved to /home/ana/Sorted/level-1/IMG_1.jpg');
    expect(row('IMG_2')?.textContent).toContain('Moved to the trash');
    expect(row('IMG_3')?.textContent).toContain('Left where it is: the file changed');
    expect(row('IMG_4')?.textContent).not.toMatch(/Moved|Left/);
  });
});
