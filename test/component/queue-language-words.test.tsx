// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcEventPayloads } from '../../shared/ipc/contract';
import type {
  QueueItemView,
  QueueSnapshotView,
  SessionView,
  SettingsView,
} from '../../shared/ipc/views';
import type { ShownLocale } from '../../shared/i18n/locales';
import { words } from '../../shared/i18n/words';
import { App } from '../../renderer/app/App';
import { BridgeContext } from '../../renderer/bridge/hooks';
import { QueueScreen } from '../../renderer/features/queue/QueueScreen';
import { IntlRoot } from '../../renderer/i18n/IntlRoot';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { queueItemView as item } from '../fakes/queue-item-view';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { englishLeft as englishLeftIn, everythingSaid } from './english-left';

afterEach(cleanup);

const NOW = Date.now();
const MINUTE = 60_000;

/** jsdom lays nothing out, so the virtualized list is given a size to show its rows in. */
function giveTheListRoom() {
  for (const [name, value] of [
    ['clientHeight', 1200],
    ['clientWidth', 800],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, value });
}

const recent = [{ id: 'harbor', name: 'Harbor View Tower', address: '', photoCount: 4 }];

/** What main sent: a reason in words, said in the window's language. */
const REASON = words('reason.staging.fileMoved');

/** A queue with an item in every state the list can show, in three batches. */
function everyState(): QueueSnapshotView {
  const harbor = { projectId: 'harbor', queuedAt: NOW - 5 * MINUTE };
  const items: QueueItemView[] = [
    item(1, {
      ...harbor,
      state: 'done',
      photoId: 'ph-1',
      photoUrl: 'https://service.example/photos/ph-1',
      updatedAt: NOW - 3 * MINUTE,
    }),
    item(2, { ...harbor, state: 'needs-attention', reason: REASON }),
    item(3, { ...harbor, state: 'needs-attention' }),
    item(4, { ...harbor, state: 'queued', paused: true }),
    item(5, { ...harbor, state: 'staged' }),
    item(6, { ...harbor, state: 'created' }),
    item(7, { ...harbor, state: 'done', note: 'duplicate-check-unavailable', updatedAt: NOW }),
    item(8, { ...harbor, state: 'cancelled' }),
    item(9, { projectId: 'zz-9', state: 'queued', attempts: 1, queuedAt: NOW - 30 * MINUTE }),
    item(10, {
      kind: 'description',
      path: undefined,
      photoId: 'ph-7',
      queuedAt: NOW - 90 * MINUTE,
    }),
  ];
  return {
    condition: 'running',
    pausedAll: true,
    items,
    progress: {
      stages: { preparing: 2, creating: 1, processing: 1, done: 2 },
      needsAttention: 2,
      paused: 1,
      bytesTotal: 4_000_000,
      bytesStaged: 2_000_000,
      etaSeconds: undefined,
    },
  };
}

/** Everything a user reads or hears in `element`: its text, and its elements' names and titles. */

/**
 * The English left in `said` once the data (file names, ids, main's reason) and what Intl
 * formats (English in the pseudo-locale: relative times and sizes) are taken out.
 */
function englishLeft(said: string, data: readonly string[]): string[] {
  return englishLeftIn(said, [
    ...data,
    /\d+ (sec|min|hr|day|wk|mo|yr)\.? ago|now/g,
    /\d+(\.\d+)? (byte|kB|MB|GB)/g,
  ]);
}

function renderQueue(queue: QueueSnapshotView, locale: ShownLocale) {
  giveTheListRoom();
  const { bridge } = fakeBridge({ 'projects:recent': recent });
  return renderWithBridge(<QueueScreen queue={queue} />, bridge, locale);
}

describe('the queue in the user’s language', () => {
  it('speaks German: buttons, batches and item states', async () => {
    renderQueue(everyState(), 'de');
    expect(screen.getByRole('heading', { name: 'Upload-Warteschlange' })).toBeTruthy();
    for (const name of [
      'Alle fortsetzen',
      'Fehlgeschlagene erneut versuchen',
      'Bericht exportieren (CSV)',
      'Bericht exportieren (JSON)',
      'IMG_2.jpg erneut versuchen',
      'IMG_5.jpg anhalten',
      'IMG_5.jpg abbrechen',
      'IMG_4.jpg fortsetzen',
    ])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Elemente in der Warteschlange, scrollbar' }));
    const list = screen.getByRole('list', { name: 'Elemente in der Warteschlange' });
    await waitFor(() => expect(list.textContent).toContain('Harbor View Tower'));
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent ?? '');
    const row = (name: string) => rows.find((text) => text.includes(name)) ?? '';
    expect(rows[0]).toMatch(/^Harbor View Tower · 8 Elemente, eingereiht vor 5 Min\./);
    expect(rows[0]).toContain('2 erfordern Prüfung');
    expect(rows[0]).toContain('2 fertig');
    expect(rows[0]).toContain('1 abgebrochen');
    expect(rows[0]).toContain('2 in Bearbeitung');
    expect(rows[0]).toContain('1 angehalten');
    expect(row('IMG_1.jpg')).toContain('Hochgeladen');
    expect(row('IMG_1.jpg')).toContain('vor 3 Min.');
    // Its page on the service instead of its raw id.
    expect(row('IMG_1.jpg')).not.toContain('ph-1');
    expect(
      within(list)
        .getByRole('link', { name: 'Foto ansehen: IMG_1.jpg im Photo Service' })
        .getAttribute('href'),
    ).toBe('https://service.example/photos/ph-1');
    expect(row('IMG_2.jpg')).toContain(
      'Erfordert Prüfung: Die Datei wurde nach dem Hinzufügen verschoben oder gelöscht',
    );
    expect(row('IMG_3.jpg')).toContain('Erfordert Prüfung: siehe Details');
    expect(row('IMG_4.jpg')).toContain('Angehalten');
    expect(row('IMG_5.jpg')).toContain('Datei hochgeladen, als Nächstes wird das Foto angelegt');
    expect(row('IMG_6.jpg')).toContain('Vom Photo Service angenommen; das Foto wird gesucht');
    expect(row('IMG_7.jpg')).toContain('Hochgeladen. Ob das Projekt dieses Foto bereits hatte');
    expect(row('IMG_8.jpg')).toContain('Abgebrochen');
    expect(rows.some((text) => text.startsWith('Projekt zz-9 · 1 Element'))).toBe(true);
    expect(row('IMG_9.jpg')).toContain('Wartet auf einen neuen Versuch');
    expect(rows.some((text) => text.startsWith('Geänderte Beschreibungen · 1 Element'))).toBe(true);
    expect(row('Beschreibung eines Fotos im Photo Service')).toContain(
      'Geänderte Beschreibung wartet auf das Senden',
    );
  });

  it('says that the queue is empty, in German', () => {
    const queue = everyState();
    renderQueue({ ...queue, items: [] }, 'de');
    expect(
      screen.getByText('Die Warteschlange ist leer. Fügen Sie Fotos hinzu, um sie hochzuladen.'),
    ).toBeTruthy();
  });

  it('leaves no English in the pseudo-locale but the data (main’s reason too is words)', async () => {
    const { container } = renderQueue(everyState(), 'en-XA');
    const list = container.querySelector('.queue-list')!;
    await waitFor(() => expect(list.textContent).toContain('Harbor View Tower'));
    const data = [
      '/site/',
      ...Array.from({ length: 10 }, (_, index) => `IMG_${index + 1}.jpg`),
      'Harbor View Tower',
      'ph-1',
      'ph-7',
      'zz-9',
    ];
    expect(englishLeft(everythingSaid(container), data)).toEqual([]);
    // (The check itself finds English: the same words unaccented.)
    expect(englishLeft('Upload queue: 5 min. ago, 2 MB', [])).toEqual(['Upload', 'queue']);
    // And the words are there, accented.
    expect(container.textContent).toMatch(/Úþĺóáð/);
  });
});

describe('the queue’s banner and notice over the window', () => {
  const session: SessionView = {
    state: 'signed-out',
    service: 'https://auth.example.com/',
    clientId: 'uploader',
    access: undefined,
    expiresAt: undefined,
    remembered: true,
    kept: 'keychain',
    message: undefined,
  };

  function settings(locale: ShownLocale): SettingsView {
    return settingsViewFixture({
      authUrl: 'https://auth.example.com/',
      baseUrl: 'https://api.example.com/',
      clientId: 'uploader',
      photoHost: { kind: 'published', root: '/srv/site', urlPrefix: 'https://example.com/' },
      language: locale === 'en-XA' ? 'system' : locale,
      locale,
    });
  }

  /** The window over a queue that is offline, with a way to send it `queue:changed`. */
  function openWindow(locale: ShownLocale) {
    const queue: QueueSnapshotView = { ...everyState(), condition: 'offline', items: [] };
    const { bridge } = fakeBridge({
      'settings:get': settings(locale),
      'session:get': session,
      'queue:snapshot': queue,
    });
    let changed: ((change: IpcEventPayloads['queue:changed']) => void) | undefined;
    bridge.on = (event, listener) => {
      if (event === 'queue:changed')
        changed = listener as (change: IpcEventPayloads['queue:changed']) => void;
      return () => undefined;
    };
    render(
      <BridgeContext.Provider value={bridge}>
        <IntlRoot>
          <App />
        </IntlRoot>
      </BridgeContext.Provider>,
    );
    const send = (needsAttention: number, done: number) =>
      act(() =>
        changed?.({
          items: [],
          condition: 'offline',
          pausedAll: false,
          hoursWait: undefined,
          progress: {
            ...queue.progress,
            stages: { preparing: 0, creating: 0, processing: 0, done },
            needsAttention,
          },
        }),
      );
    return { send };
  }

  it('says the queue waits offline, and what needs attention, in German', async () => {
    const { send } = openWindow('de');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(
      'Sie sind offline oder der Photo Service ist nicht erreichbar. Die Uploads werden von selbst fortgesetzt.',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Warteschlange \(2 erfordern/ })).toBeTruthy(),
    );
    send(3, 2);
    const notice = await screen.findByText(/Elemente in der Warteschlange erfordern Ihre Prüfung/);
    expect(notice.textContent).toContain('3 Elemente in der Warteschlange erfordern Ihre Prüfung.');
    // A toast (issue 24), dismissed by its own button.
    const toast = notice.closest<HTMLElement>('.ui-toast');
    expect(toast).not.toBeNull();
    expect(within(toast!).getByRole('button', { name: 'Schließen' })).toBeTruthy();
  });

  it('says a finished batch in the pseudo-locale, accented', async () => {
    const { send } = openWindow('en-XA');
    const banner = await screen.findByRole('alert');
    expect(englishLeft(banner.textContent ?? '', ['Photo Service'])).toEqual([]);
    await waitFor(() => expect(screen.getAllByRole('button').length).toBeGreaterThan(3));
    send(2, 6);
    const notice = await waitFor(() => {
      const found = document.querySelector('.ui-toast');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(notice.textContent).toMatch(/6/);
    expect(englishLeft(notice.textContent ?? '', [])).toEqual([]);
  });
});
