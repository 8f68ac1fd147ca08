import { describe, expect, it } from 'vitest';
import { startupFailure, WAITING_FOR_OWNER } from '../../../../main/core/startup-words';
import { LockTimeoutError } from '../../../../main/ownership/file-lock';

describe('what the app says at start', () => {
  it('says it waits for a command-line process that owns the data folder', () => {
    expect(WAITING_FOR_OWNER.detail).toContain('command-line');
  });

  it('explains a data folder held too long, and any other failure with its reason', () => {
    expect(startupFailure(new LockTimeoutError('held')).detail).toContain('Stop it, then start');
    expect(startupFailure(new Error('The disk is full')).detail).toMatch(/^The disk is full/);
  });
});
