import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../main/cli/cli-context';
import {
  keepOriginalsFlag,
  noSavedSettings,
  settingsChange,
  type SettingsFlags,
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

describe('--keep-originals and --convert-originals', () => {
  it('read as the keepOriginals setting, and neither leaves it as saved', () => {
    expect(keepOriginalsFlag(true, undefined)).toBe(true);
    expect(keepOriginalsFlag(undefined, true)).toBe(false);
    expect(keepOriginalsFlag(undefined, undefined)).toBeUndefined();
  });

  it('refuse to be given together', () => {
    expect(() => keepOriginalsFlag(true, true)).toThrow(
      new UsageError('--keep-originals and --convert-originals cannot be used together'),
    );
  });

  it('are saved like the other settings, and only when they change something', () => {
    expect(settingsChange({ ...none, keepOriginals: true }, {}, noSavedSettings)).toEqual({
      keepOriginals: true,
    });
    expect(
      settingsChange(
        { ...none, keepOriginals: true },
        {},
        { ...noSavedSettings, keepOriginals: true },
      ),
    ).toBeUndefined();
    expect(
      settingsChange(
        { ...none, keepOriginals: false },
        {},
        { ...noSavedSettings, keepOriginals: true },
      ),
    ).toEqual({ keepOriginals: false });
  });
});
