import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KEPT_THEIRS_REASON,
  NotAConflict,
  resolveConflict,
} from '../../../../main/queue/conflict-resolution';
import { QueueStore } from '../../../../main/queue/queue-store';
import { TestClock } from '../../../fakes/test-clock';
import { legacyReason } from '../../../../main/queue/queue-reason';

/** A store with one description edit held for a conflict (the service has "Theirs"). */
async function conflicted(): Promise<{ store: QueueStore; id: number }> {
  const store = new QueueStore(
    join(await mkdtemp(join(tmpdir(), 'conflict-')), 'q.db'),
    new TestClock(),
  );
  const id = store.addDescriptionEdit('ph1', '<p>Mine</p>', '<p>Before</p>');
  store.update(id, {
    state: 'needs-attention',
    reason: legacyReason(
      'conflict: the description was changed on the Photo Service since you opened it',
    ),
    service_description: '<p>Theirs</p>',
  });
  return { store, id };
}

describe('resolveConflict (the one core of the window’s and the command line’s choices)', () => {
  it('queues mine again over what the service had at the conflict', async () => {
    const { store, id } = await conflicted();
    resolveConflict(store, id, { keep: 'mine' });
    expect(store.get(id)).toMatchObject({
      state: 'queued',
      description: '<p>Mine</p>',
      base_description: '<p>Theirs</p>',
      service_description: null,
      reason: null,
    });
  });

  it('sends other words the same way', async () => {
    const { store, id } = await conflicted();
    resolveConflict(store, id, { description: '<p>Both</p>' });
    expect(store.get(id)).toMatchObject({
      state: 'queued',
      description: '<p>Both</p>',
      base_description: '<p>Theirs</p>',
    });
  });

  it('takes theirs by cancelling the edit, with the reason', async () => {
    const { store, id } = await conflicted();
    resolveConflict(store, id, { keep: 'theirs' });
    expect(store.get(id)).toMatchObject({ state: 'cancelled', reason: KEPT_THEIRS_REASON });
  });

  it('refuses an item that is not a conflict', async () => {
    const { store, id } = await conflicted();
    resolveConflict(store, id, { keep: 'theirs' });
    expect(() => resolveConflict(store, id, { keep: 'mine' })).toThrow(NotAConflict);
    expect(() => resolveConflict(store, 999, { keep: 'mine' })).toThrow(NotAConflict);
  });
});
