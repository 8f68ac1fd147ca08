import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  holdsUpdate,
  nextUpdateState,
  type UpdateEvent,
  updateFailure,
  type UpdateState,
} from '../../../../../main/desktop/updates/update-state';

/** The states after `events`, from idle. */
function after(...events: UpdateEvent[]): UpdateState {
  return events.reduce<UpdateState>(nextUpdateState, { kind: 'idle' });
}

const found = (downloading: boolean, installs = true): UpdateEvent => ({
  type: 'available',
  version: '1.2.0',
  downloading,
  installs,
});

const anyEvent: fc.Arbitrary<UpdateEvent> = fc.oneof(
  fc.constant<UpdateEvent>({ type: 'checking' }),
  fc.constant<UpdateEvent>({ type: 'not-available' }),
  fc.record({
    type: fc.constant('available' as const),
    version: fc.constantFrom('1.2.0', '2.0.0-beta.1'),
    downloading: fc.boolean(),
    installs: fc.boolean(),
  }),
  fc.constant<UpdateEvent>({ type: 'download' }),
  fc.record({ type: fc.constant('progress' as const), percent: fc.double() }),
  fc.record({ type: fc.constant('downloaded' as const), version: fc.constant('1.2.0') }),
  fc.record({
    type: fc.constant('error' as const),
    failure: fc.constantFrom('checksum', 'network', 'feed', 'signature', 'other' as const),
  }),
  fc.record({ type: fc.constant('restart' as const), uploads: fc.nat(5) }),
  fc.record({ type: fc.constant('uploads' as const), uploads: fc.nat(5) }),
);

describe('the update’s state machine (nextUpdateState)', () => {
  it('goes from a look to up to date, or to a download, its progress and ready', () => {
    expect(after({ type: 'checking' })).toEqual({ kind: 'checking' });
    expect(after({ type: 'checking' }, { type: 'not-available' })).toEqual({ kind: 'up-to-date' });
    expect(after({ type: 'checking' }, found(true), { type: 'progress', percent: 42.7 })).toEqual({
      kind: 'downloading',
      version: '1.2.0',
      percent: 42,
    });
    expect(after(found(true), { type: 'downloaded', version: '1.2.0' })).toEqual({
      kind: 'ready',
      version: '1.2.0',
    });
  });

  it('downloads in notify only when asked, and never for a system package', () => {
    expect(after(found(false))).toEqual({ kind: 'available', version: '1.2.0', installs: true });
    expect(after(found(false), { type: 'download' })).toMatchObject({ kind: 'downloading' });
    expect(after(found(true, false), { type: 'download' })).toEqual({
      kind: 'available',
      version: '1.2.0',
      installs: false,
    });
  });

  it('waits for the uploads under way before it installs, counting them down', () => {
    const ready = after(found(true), { type: 'downloaded', version: '1.2.0' });
    const waiting = nextUpdateState(ready, { type: 'restart', uploads: 3 });
    expect(waiting).toEqual({ kind: 'waiting', version: '1.2.0', uploads: 3 });
    const fewer = nextUpdateState(waiting, { type: 'uploads', uploads: 1 });
    expect(fewer).toEqual({ kind: 'waiting', version: '1.2.0', uploads: 1 });
    expect(nextUpdateState(fewer, { type: 'uploads', uploads: 0 })).toEqual({
      kind: 'installing',
      version: '1.2.0',
    });
    expect(nextUpdateState(ready, { type: 'restart', uploads: 0 })).toMatchObject({
      kind: 'installing',
    });
  });

  it('fails with a reason, and says which step failed', () => {
    expect(after({ type: 'checking' }, { type: 'error', failure: 'network' })).toEqual({
      kind: 'failed',
      failure: 'network',
      step: 'check',
    });
    expect(after(found(true), { type: 'error', failure: 'checksum' })).toEqual({
      kind: 'failed',
      failure: 'checksum',
      step: 'download',
    });
  });

  it('never installs unless a downloaded update was asked to restart, and never leaves none', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 30 }), (events) => {
        let state: UpdateState = { kind: 'idle' };
        for (const event of events) {
          const next = nextUpdateState(state, event);
          if (next.kind === 'installing' && state.kind !== 'installing') {
            expect(['ready', 'waiting']).toContain(state.kind);
            expect(['restart', 'uploads']).toContain(event.type);
            expect('uploads' in event && event.uploads).toBe(0);
          }
          // A downloaded update is never dropped by a look, an error or the queue; only an
          // install that failed ends it, and says so.
          if (holdsUpdate(state) && state.kind !== 'downloading') {
            if (state.kind === 'installing' && event.type === 'error')
              expect(next).toMatchObject({ kind: 'failed', step: 'install' });
            else expect(holdsUpdate(next)).toBe(true);
          }
          state = next;
        }
        const none: UpdateState = { kind: 'none', reason: 'off' };
        expect(events.reduce(nextUpdateState, none)).toBe(none);
      }),
    );
  });
});

describe('what an electron-updater error comes to (updateFailure)', () => {
  const coded = (code: string) => Object.assign(new Error('at https://x.example/f'), { code });
  it('reads the code, never the message', () => {
    expect(updateFailure(coded('ERR_CHECKSUM_MISMATCH'))).toBe('checksum');
    expect(updateFailure(coded('ERR_UPDATER_INVALID_SIGNATURE'))).toBe('signature');
    expect(updateFailure(coded('ERR_UPDATER_CHANNEL_FILE_NOT_FOUND'))).toBe('feed');
    expect(updateFailure(coded('ECONNREFUSED'))).toBe('network');
    expect(updateFailure(coded('HTTP_ERROR_503'))).toBe('network');
    expect(updateFailure(new Error('net::ERR_INTERNET_DISCONNECTED'))).toBe('network');
    expect(updateFailure(new Error('checksum mismatch'))).toBe('other');
    expect(updateFailure('nothing')).toBe('other');
  });
});
