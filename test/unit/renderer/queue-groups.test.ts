import { describe, expect, it } from 'vitest';
import {
  BATCH_GAP_MS,
  groupQueue,
  type QueueRow,
  stateTone,
} from '../../../renderer/features/queue/queue-groups';
import { queueItemView as item } from '../../fakes/queue-item-view';

const MINUTE = 60_000;
const T = 1_800_000_000_000;

/** The rows as short words: "# project size" for a header, the item id for an item. */
function shape(rows: readonly QueueRow[]): string[] {
  return rows.map((row) =>
    row.type === 'group'
      ? `# ${row.group.kind === 'photo' ? (row.group.projectId ?? '-') : 'descriptions'} ${row.group.size}`
      : String(row.item.id),
  );
}

describe('the queue in batches', () => {
  it('puts the newest batch first, each under its header, split by project and by time', () => {
    const rows = groupQueue([
      item(1, { projectId: 'a', queuedAt: T }),
      item(2, { projectId: 'a', queuedAt: T + 10_000 }),
      // Another chunk of the same batch, a little later.
      item(3, { projectId: 'a', queuedAt: T + MINUTE }),
      item(4, { projectId: 'b', queuedAt: T + 2 * MINUTE }),
      // The same project again, long after: a batch of its own.
      item(5, { projectId: 'a', queuedAt: T + 2 * MINUTE + BATCH_GAP_MS + 1 }),
      item(6, { kind: 'description', projectId: undefined, queuedAt: T + 30 * MINUTE }),
    ]);
    expect(shape(rows)).toEqual([
      '# descriptions 1',
      '6',
      '# a 1',
      '5',
      '# b 1',
      '4',
      '# a 3',
      '3',
      '2',
      '1',
    ]);
    const oldest = rows[6];
    expect(oldest?.type === 'group' ? oldest.group.queuedAt : undefined).toBe(T);
  });

  it('counts each batch’s items by state', () => {
    const [header] = groupQueue([
      item(1, { state: 'done', queuedAt: T }),
      item(2, { state: 'done', queuedAt: T }),
      item(3, { state: 'needs-attention', queuedAt: T }),
      item(4, { state: 'queued', paused: true, queuedAt: T }),
      item(5, { state: 'creating', queuedAt: T }),
      item(6, { state: 'queued', queuedAt: T }),
      item(7, { state: 'cancelled', queuedAt: T }),
    ]);
    expect(header?.type === 'group' ? header.group.counts : undefined).toEqual({
      done: 2,
      attention: 1,
      paused: 1,
      working: 1,
      waiting: 1,
      cancelled: 1,
    });
  });

  it('gives a paused item that is done the look of done', () => {
    expect(stateTone(item(1, { state: 'done', paused: true }))).toBe('done');
    expect(stateTone(item(1, { state: 'staged', paused: true }))).toBe('paused');
  });

  // How fast is for `npm run bench` (a timed test fails on a busy machine: 302 ms once).
  it('groups 20,000 items and keeps every item once', () => {
    const many = Array.from({ length: 20_000 }, (_, index) =>
      item(index + 1, {
        projectId: `p${index % 3}`,
        queuedAt: T + Math.floor(index / 500) * MINUTE,
      }),
    );
    const rows = groupQueue(many);
    expect(rows.filter((row) => row.type === 'item')).toHaveLength(20_000);
  });
});
