import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../main/cli/cli-context';
import { internalFlag } from '../../../../main/cli/internal-flag';

describe('--internal and --no-internal', () => {
  it('leaves the choice to the preset when neither is given', () => {
    expect(internalFlag('upload', undefined, undefined)).toBeUndefined();
  });

  it('takes --internal, and --no-internal as false (over a preset’s internal)', () => {
    expect(internalFlag('upload', true, undefined)).toBe(true);
    expect(internalFlag('upload', undefined, true)).toBe(false);
  });

  it('refuses both at once, and --no-internal on another command', () => {
    expect(() => internalFlag('upload', true, true)).toThrow(UsageError);
    expect(() => internalFlag('upload', true, true)).toThrow('--internal and --no-internal');
    expect(() => internalFlag('watch', undefined, true)).toThrow('--no-internal is for upload');
  });
});
