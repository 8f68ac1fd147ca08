import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uploadsToWaitFor } from '../../../../../main/desktop/updates/safe-point';

describe('how many uploads a restart to update waits for (uploadsToWaitFor)', () => {
  it('restarts at once when nothing is being created or is still to go', () => {
    expect(uploadsToWaitFor({ creating: 0, queued: 0, running: true })).toBe(0);
  });

  it('waits for every photo in creating, and for the rest of a running batch', () => {
    expect(uploadsToWaitFor({ creating: 2, queued: 5, running: true })).toBe(7);
    // Between two photos of a running batch nothing is in creating or sent: still not safe.
    expect(uploadsToWaitFor({ creating: 0, queued: 5, running: true })).toBe(5);
    // A paused or offline queue waits anyway: only what is in creating is waited for.
    expect(uploadsToWaitFor({ creating: 2, queued: 5, running: false })).toBe(2);
  });

  it('is safe only when no photo is in creating and no running batch has photos to go', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.boolean(), (creating, queued, running) => {
        const waits = uploadsToWaitFor({ creating, queued, running });
        expect(waits === 0).toBe(creating === 0 && (!running || queued === 0));
        expect(waits).toBeGreaterThanOrEqual(creating);
      }),
    );
  });
});
