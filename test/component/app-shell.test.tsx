// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpcEvent, IpcEventPayloads } from '../../shared/ipc/contract';
import type {
  QueueItemView,
  QueueProgressView,
  QueueSnapshotView,
  SessionView,
} from '../../shared/ipc/views';
import { App } from '../../renderer/app/App';
import { BridgeContext } from '../../renderer/bridge/hooks';
import { IntlRoot } from '../../renderer/i18n/IntlRoot';
import { queueItemView as item } from '../fakes/queue-item-view';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge } from './render-with-bridge';

// Issue 24 §1: the window's shell — the navigation with icons and names, the run's progress on
// every screen, the account control, and the finished batch as a toast.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const T = 1_800_000_000_000;

const signedIn: SessionView = {
  state: 'signed-in',
  service: 'https://photos.example.com:8443/oauth',
  clientId: 'uploader',
  access: 'photos:write',
  expiresAt: undefined,
  remembered: true,
  kept: 'keychain',
  message: undefined,
};

/** Progress with `waiting` photos still to send, `done` through, `attention` stuck. */
function progress(
  waiting: number,
  done: number,
  attention = 0,
  eta?: number,
  bytes = { staged: 0, total: 0 },
): QueueProgressView {
  return {
    stages: { preparing: waiting, creating: 0, processing: 0, done },
    needsAttention: attention,
    paused: 0,
    bytesTotal: bytes.total,
    bytesStaged: bytes.staged,
    etaSeconds: eta,
  };
}

function snapshot(items: readonly QueueItemView[], of: QueueProgressView): QueueSnapshotView {
  return { items, progress: of, condition: 'running', pausedAll: false };
}

/** The whole window over a bridge whose main answers with `queue`, and can send it events. */
function openWindow(queue: QueueSnapshotView, session: SessionView = signedIn) {
  const { bridge, calls } = fakeBridge({
    'settings:get': settingsViewFixture({
      authUrl: 'https://photos.example.com:8443/oauth',
      baseUrl: 'https://api.example.com/',
      clientId: 'uploader',
      photoHost: { kind: 'published', root: '/srv/site', urlPrefix: 'https://example.com/' },
    }),
    'session:get': session,
    'queue:snapshot': queue,
    'session:sign-out': undefined as never,
  });
  const listeners = new Map<string, Set<(payload: never) => void>>();
  const withEvents: typeof bridge = {
    ...bridge,
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  render(
    <BridgeContext.Provider value={withEvents}>
      <IntlRoot>
        <App />
      </IntlRoot>
    </BridgeContext.Provider>,
  );
  const send = <E extends IpcEvent>(event: E, payload: IpcEventPayloads[E]) =>
    act(() => {
      for (const listener of listeners.get(event) ?? []) listener(payload as never);
    });
  return { calls, send };
}

/** A window as narrow as `narrow` says, for the navigation's media query. */
function windowNarrow(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const idle = snapshot([], progress(0, 0));

describe('the navigation', () => {
  it('names every screen, marks the current one, and moves with a click', async () => {
    openWindow(idle);
    const nav = await screen.findByRole('navigation', { name: 'Screens' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Add photos',
      'Queue',
      'Existing photos',
      'Settings',
    ]);
    // Each has its icon, hidden from screen readers beside its name.
    for (const button of buttons)
      expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(
      within(nav).getByRole('button', { name: 'Add photos' }).getAttribute('aria-current'),
    ).toBe('page');
    fireEvent.click(within(nav).getByRole('button', { name: 'Settings' }));
    expect(within(nav).getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(nav).getByRole('button', { name: 'Add photos' }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('keeps every name when a narrow window shows only the icons', async () => {
    windowNarrow(true);
    openWindow(idle);
    const nav = await screen.findByRole('navigation', { name: 'Screens' });
    expect(nav.getAttribute('data-narrow')).toBe('true');
    for (const name of ['Add photos', 'Queue', 'Existing photos', 'Settings'])
      expect(within(nav).getByRole('button', { name })).toBeTruthy();
  });

  it('shows the Queue’s photos to upload as a badge, and its name says what it counts', async () => {
    const items = [1, 2, 3].map((id) => item(id, { queuedAt: T }));
    openWindow(snapshot(items, progress(3, 0)));
    const nav = await screen.findByRole('navigation', { name: 'Screens' });
    const queue = await within(nav).findByRole('button', { name: 'Queue (3 photos to upload)' });
    expect(queue.querySelector('.app-nav-badge')?.textContent).toBe('3');
  });
});

describe('the run’s progress', () => {
  it('says the counts and the time left from the queue, on any screen', async () => {
    const items = [
      item(1, { state: 'done', queuedAt: T - 86_400_000 }),
      item(2, { state: 'done', queuedAt: T }),
      item(3, { state: 'needs-attention', queuedAt: T }),
      item(4, { state: 'creating', queuedAt: T }),
      item(5, { queuedAt: T }),
    ];
    openWindow(snapshot(items, progress(2, 2, 1, 150, { staged: 2_000_000, total: 4_000_000 })));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    // Yesterday's photo is not part of this run.
    expect(bar.getAttribute('aria-valuetext')).toBe('1 of 4 done');
    const words = screen.getByText('1 of 4 done', { selector: '.run-count' }).parentElement;
    expect(words?.textContent).toContain('Uploading');
    expect(words?.textContent).toContain('1 needs attention');
    expect(words?.textContent).toContain('about 3 minutes left');
    // How much of the files the photo host has (the Queue's own line used to say it).
    expect(words?.textContent).toContain('2 MB of 4 MB sent');
    fireEvent.click(screen.getByRole('button', { name: 'Existing photos' }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
  });

  it('is hidden when nothing is queued, and when only finished photos are', async () => {
    openWindow(snapshot([item(1, { state: 'done', queuedAt: T })], progress(0, 1)));
    await screen.findByRole('navigation', { name: 'Screens' });
    await screen.findByRole('button', { name: 'Signed in to photos.example.com' });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('the account control', () => {
  it('opens on the host and what the sign-in allows, and Sign out asks main', async () => {
    const { calls } = openWindow(idle);
    fireEvent.click(await screen.findByRole('button', { name: 'Signed in to photos.example.com' }));
    const account = await screen.findByRole('dialog', { name: 'Account' });
    expect(account.textContent).toContain('photos.example.com');
    expect(account.textContent).toContain('may upload and edit photos');
    expect(account.textContent).toContain('kept in this computer’s keychain');
    fireEvent.click(within(account).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(calls.map((call) => call.channel)).toContain('session:sign-out'));
  });

  it('is a Sign in button when signed out', async () => {
    openWindow(idle, { ...signedIn, state: 'signed-out', access: undefined });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Signed in to/ })).toBeNull();
  });
});

describe('the finished batch', () => {
  it('is a polite toast with the bar at its end, and Dismiss puts both away', async () => {
    const queued = [1, 2].map((id) => item(id, { queuedAt: T }));
    const { send } = openWindow(snapshot(queued, progress(2, 0)));
    await screen.findByRole('progressbar', { name: 'Upload progress' });
    const done = queued.map((one) => ({ ...one, state: 'done' as const }));
    send('queue:changed', { ...snapshot(done, progress(0, 2)) });
    const toast = await screen.findByText('All uploads are finished: 2 done.');
    expect(toast.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    // The bar stays at its end while the toast says so.
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuetext')).toBe('2 of 2 done');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('All uploads are finished: 2 done.')).toBeNull());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('dismissing an older run’s toast leaves a newer run’s bar, and one run notice shows at a time', async () => {
    const first = [1, 2].map((id) => item(id, { queuedAt: T, state: 'done' as const }));
    const { send } = openWindow(snapshot([item(1, { queuedAt: T }), first[1]!], progress(1, 1)));
    await screen.findByRole('progressbar', { name: 'Upload progress' });
    send('queue:changed', { ...snapshot(first, progress(0, 2)) });
    await screen.findByText('All uploads are finished: 2 done.');
    // A new run starts an hour later, while the first run's toast is still open.
    const later = [3, 4].map((id) => item(id, { queuedAt: T + 3_600_000 }));
    send('queue:changed', { ...snapshot([...first, ...later], progress(2, 2)) });
    await waitFor(() =>
      expect(
        screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuetext'),
      ).toBe('0 of 2 done'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('All uploads are finished: 2 done.')).toBeNull());
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    // The second run ends: its notice is the only one.
    const laterDone = later.map((one) => ({ ...one, state: 'done' as const }));
    send('queue:changed', { ...snapshot([...first, ...laterDone], progress(0, 4)) });
    await screen.findByText('All uploads are finished: 4 done.');
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1);
  });
});
