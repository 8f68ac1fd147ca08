// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueueSnapshotView } from '../../shared/ipc/views';
import { words } from '../../shared/i18n/words';
import { QueueScreen } from '../../renderer/features/queue/QueueScreen';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { queueItemView as item } from '../fakes/queue-item-view';

afterEach(cleanup);

/** jsdom lays nothing out, so the virtualized list is given a size to show its rows in. */
function giveTheListRoom() {
  for (const [name, value] of [
    ['clientHeight', 1200],
    ['clientWidth', 800],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, value });
}

const NOW = Date.now();

/** A queue whose reasons main kept as words, as the queue database holds them since issue 24. */
function queueWithReasons(): QueueSnapshotView {
  const batch = { projectId: 'harbor', queuedAt: NOW };
  return {
    condition: 'running',
    pausedAll: false,
    items: [
      item(1, {
        ...batch,
        state: 'needs-attention',
        reason: words('reason.queue.changedSinceQueued'),
      }),
      item(2, {
        ...batch,
        state: 'needs-attention',
        reason: words('reason.service.refusedWithDetails', { status: 422, details: 'uri invalid' }),
      }),
      // A sentence an older version kept, before reasons were words: shown as it was written.
      item(3, {
        ...batch,
        state: 'needs-attention',
        reason: words('reason.legacy', { text: 'An older sentence' }),
      }),
      item(4, { ...batch, state: 'queued' }),
    ],
    progress: {
      stages: { preparing: 1, creating: 0, processing: 0, done: 0 },
      needsAttention: 3,
      paused: 0,
      bytesTotal: 4_000_000,
      bytesStaged: 0,
      etaSeconds: undefined,
    },
    hoursWait: words('reason.queue.uploadHours', {
      schedule: 'Mon-Fri 18:00-07:00',
      day: 'mon',
      time: '18:00',
    }),
  };
}

describe('the queue’s reasons (issue 24 §2: words main kept, said in the window’s language)', () => {
  it('are said in Spanish, with their values, and an older sentence as it was written', async () => {
    giveTheListRoom();
    const { bridge } = fakeBridge({ 'projects:recent': [] });
    renderWithBridge(<QueueScreen queue={queueWithReasons()} />, bridge, 'es');
    const list = screen.getByRole('list', { name: 'Elementos de la cola de subida' });
    await waitFor(() => expect(list.textContent).toContain('IMG_1.jpg'));
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent ?? '');
    const row = (name: string) => rows.find((text) => text.includes(name)) ?? '';
    expect(row('IMG_1.jpg')).toContain(
      'Requiere atención: El contenido del archivo cambió después de añadirlo a la cola de subida.',
    );
    expect(row('IMG_2.jpg')).toContain(
      'Requiere atención: El Photo Service lo rechazó (422): uri invalid',
    );
    expect(row('IMG_3.jpg')).toContain('Requiere atención: An older sentence');
    const wait =
      'Esperando al horario de subida (Mon-Fri 18:00-07:00); se reanuda el lunes a las 18:00';
    expect(row('IMG_4.jpg')).toContain(wait);
    expect(screen.getAllByRole('status').some((status) => status.textContent === wait)).toBe(true);
    // No English sentence of main's is left.
    expect(document.body.textContent).not.toMatch(/Needs attention|Waiting for upload hours/);
  });
});
