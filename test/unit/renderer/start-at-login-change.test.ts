import { describe, expect, it } from 'vitest';
import { startAtLoginChange } from '../../../renderer/features/settings/settings-input';

describe('startAtLoginChange', () => {
  it('saves the box only when the user changed it from what was shown', () => {
    expect(startAtLoginChange(true, true)).toEqual({});
    expect(startAtLoginChange(false, false)).toEqual({});
    expect(startAtLoginChange(false, true)).toEqual({ startAtLogin: false });
    expect(startAtLoginChange(true, false)).toEqual({ startAtLogin: true });
  });
});
