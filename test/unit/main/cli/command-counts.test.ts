import { describe, expect, it } from 'vitest';
import { syncLine, tally, uploadLine, waitedForLine } from '../../../../main/cli/command-counts';
import type { QueueItemView } from '../../../../shared/ipc/views';
import { queueItemView } from '../../../fakes/queue-item-view';

/** A finished photo item unless `fields` say otherwise. */
function item(id: number, fields: Partial<QueueItemView> = {}): QueueItemView {
  return queueItemView(id, { state: 'done', ...fields });
}

describe('what a command did, counted', () => {
  it('counts only the items in scope, each in one bucket', () => {
    const items = [
      item(1),
      item(2, { alreadyOnService: true }),
      item(3, { state: 'needs-attention' }),
      item(4, { state: 'queued', paused: true }),
      item(5, { state: 'staged' }),
      item(6, { state: 'cancelled' }),
      item(7, { kind: 'description' }),
      item(8),
    ];
    const counts = tally(items, (entry) => entry.id !== 8, false);
    expect(counts).toEqual({
      sentPhotos: 1,
      sentEdits: 1,
      alreadyOnService: 1,
      needsAttention: 1,
      paused: 1,
      waiting: 1,
      cancelled: 1,
    });
    // Pause all holds: what waits is paused.
    expect(tally(items, (entry) => entry.id === 5, true)).toMatchObject({ paused: 1, waiting: 0 });
  });

  it('says an upload as "Queued N photos; M sent", in the singular for one', () => {
    const none = tally([], () => true, false);
    const one = tally([item(1)], () => true, false);
    expect(uploadLine(1, 0, one)).toBe('Queued 1 photo; 1 sent.');
    expect(uploadLine(0, 0, none)).toBe('Queued 0 photos.');
    expect(uploadLine(0, 1, one)).toBe('Queued 0 photos (1 was already queued); 1 sent.');
    const mixed = tally(
      [item(1), item(2, { state: 'needs-attention' }), item(3, { state: 'queued' })],
      () => true,
      true,
    );
    expect(uploadLine(3, 0, mixed)).toBe('Queued 3 photos; 1 sent, 1 needs attention, 1 paused.');
  });

  it('says a sync as what it sent and what is left', () => {
    expect(syncLine(tally([], () => true, false))).toBe('Nothing was waiting to be sent.');
    expect(syncLine(tally([item(1), item(2)], () => true, false))).toBe('Sent 2 photos.');
    expect(
      syncLine(
        tally(
          [
            item(1),
            item(2, { kind: 'description' }),
            item(3, { state: 'needs-attention' }),
            item(4, { state: 'needs-attention' }),
            item(5, { state: 'created' }),
          ],
          () => true,
          false,
        ),
      ),
    ).toBe('Sent 1 photo and 1 description edit; 2 need attention, 1 still waiting.');
  });

  it('says the answers that made the queue wait only when there were some', () => {
    expect(waitedForLine({ rateLimited: 0, serverErrors: 0, networkErrors: 0 })).toBeUndefined();
    expect(waitedForLine({ rateLimited: 1, serverErrors: 2, networkErrors: 0 })).toBe(
      'Waited for: 1 rate-limit answer (429), 2 server errors (5xx), 0 network failures.',
    );
  });
});
