import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uploadsToWaitFor } from '../../../../../main/desktop/updates/safe-point';

describe('how many uploads a restart to update waits for (uploadsToWaitFor)', () => {
  it('restarts at once when nothing is being created or sent', () => {
    expect(uploadsToWaitFor({ creating: 0, sending: 0, running: true })).toBe(0);
  });

  it('waits for every photo in creating, and for bytes on their way while the queue runs', () => {
    expect(uploadsToWaitFor({ creating: 2, sending: 1, running: true })).toBe(3);
    expect(uploadsToWaitFor({ creating: 2, sending: 1, running: false })).toBe(2);
  });

  it('is safe only when no photo is in creating and no bytes move', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.boolean(), (creating, sending, running) => {
        const waits = uploadsToWaitFor({ creating, sending, running });
        expect(waits === 0).toBe(creating === 0 && (!running || sending === 0));
        expect(waits).toBeGreaterThanOrEqual(creating);
      }),
    );
  });
});
