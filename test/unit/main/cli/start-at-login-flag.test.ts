import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../main/cli/cli-context';
import { parseCommandLine } from '../../../../main/cli/cli-options';
import {
  noSavedSettings,
  settingsChange,
  type SettingsFlags,
  startAtLoginFlag,
} from '../../../../main/cli/settings-flags';

const none: SettingsFlags = {
  authUrl: undefined,
  baseUrl: undefined,
  clientId: undefined,
  scope: undefined,
  photoHost: undefined,
  concurrency: undefined,
  caFile: undefined,
};

describe('--start-at-login on|off', () => {
  it('reads on and off, and refuses anything else', () => {
    expect(startAtLoginFlag('on')).toBe(true);
    expect(startAtLoginFlag('off')).toBe(false);
    expect(startAtLoginFlag(undefined)).toBeUndefined();
    expect(() => startAtLoginFlag('yes')).toThrow(
      new UsageError('--start-at-login must be on or off, not "yes"'),
    );
  });

  it('is saved as given, even when it matches the default; absent, nothing changes', () => {
    expect(settingsChange({ ...none, startAtLogin: 'off' }, {}, noSavedSettings)).toEqual({
      startAtLogin: false,
    });
    expect(
      settingsChange(
        { ...none, startAtLogin: 'on' },
        {},
        { ...noSavedSettings, startAtLogin: true },
      ),
    ).toEqual({ startAtLogin: true });
    expect(settingsChange(none, {}, noSavedSettings)).toBeUndefined();
  });

  it('is an option of the command line, with --version', () => {
    expect(parseCommandLine(['status', '--start-at-login', 'on']).values['start-at-login']).toBe(
      'on',
    );
    expect(parseCommandLine(['--version']).values.version).toBe(true);
  });
});
