import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { quietOnClosedPipe } from '../../../../main/cli/closed-pipe';

function failure(code: string): Error {
  return Object.assign(new Error(`write ${code}`), { code });
}

describe('quietOnClosedPipe', () => {
  it('ends once when the reader went away (EPIPE)', () => {
    const stream = new EventEmitter();
    let ends = 0;
    quietOnClosedPipe(stream, () => (ends += 1));
    stream.emit('error', failure('EPIPE'));
    stream.emit('error', failure('EPIPE'));
    expect(ends).toBe(1);
  });

  it('throws any other error, as an unhandled one would', () => {
    const stream = new EventEmitter();
    quietOnClosedPipe(stream, () => undefined);
    expect(() => stream.emit('error', failure('ENOSPC'))).toThrow('write ENOSPC');
  });
});
