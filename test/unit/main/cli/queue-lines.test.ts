import { describe, expect, it } from 'vitest';
import { summary } from '../../../../main/cli/queue-lines';

const none = {
  queued: 0,
  staged: 0,
  creating: 0,
  created: 0,
  done: 0,
  'needs-attention': 0,
  cancelled: 0,
};

describe('the queue summary', () => {
  it('agrees its verbs with the counts', () => {
    expect(summary({ ...none, done: 1, queued: 1, 'needs-attention': 1 })).toBe(
      '1 done, 1 waiting, 1 needs attention, 0 cancelled',
    );
    expect(summary({ ...none, 'needs-attention': 2 })).toBe(
      '0 done, 0 waiting, 2 need attention, 0 cancelled',
    );
  });
});
