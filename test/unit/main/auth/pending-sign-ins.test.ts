import { describe, expect, it } from 'vitest';
import { PendingSignIns } from '../../../../main/auth/pending-sign-ins';
import { TestClock } from '../../../fakes/test-clock';

describe('PendingSignIns', () => {
  const start = (clock: TestClock) => ({
    state: 's1',
    codeVerifier: 'v',
    redirectUri: 'r',
    startedAt: clock.now(),
  });

  it('hands a sign-in out once per state', () => {
    const clock = new TestClock();
    const pending = new PendingSignIns(clock);
    pending.add(start(clock));
    expect(pending.take('s1')).toMatchObject({ ok: true });
    expect(pending.take('s1')).toEqual({ ok: false, reason: 'used-state' });
    expect(pending.take('other')).toEqual({ ok: false, reason: 'unknown-state' });
  });

  it('refuses a state older than 10 minutes', () => {
    const clock = new TestClock();
    const pending = new PendingSignIns(clock);
    pending.add(start(clock));
    clock.advance(10 * 60_000 + 1);
    expect(pending.take('s1')).toEqual({ ok: false, reason: 'expired-state' });
  });

  it('treats a cancelled state as used', () => {
    const clock = new TestClock();
    const pending = new PendingSignIns(clock);
    pending.add(start(clock));
    pending.cancel('s1');
    expect(pending.take('s1')).toEqual({ ok: false, reason: 'used-state' });
  });
});
