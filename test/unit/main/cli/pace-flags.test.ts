import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../main/cli/cli-context';
import {
  hoursFlag,
  noSavedSettings,
  settingsChange,
  type SettingsFlags,
  uploadRateFlag,
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

describe('--max-upload-rate', () => {
  it('reads a rate in bytes per second, none lifts the cap, no flag leaves it', () => {
    expect(uploadRateFlag('2MB/s')).toBe(2_000_000);
    expect(uploadRateFlag('500KB/s')).toBe(500_000);
    expect(uploadRateFlag('1.5 MiB/s')).toBe(1_572_864);
    expect(uploadRateFlag('none')).toBeNull();
    expect(uploadRateFlag(undefined)).toBeUndefined();
  });

  it('refuses what is not a rate, in a sentence', () => {
    expect(() => uploadRateFlag('fast')).toThrow(UsageError);
    expect(() => uploadRateFlag('fast')).toThrow(/--max-upload-rate is a rate such as/);
  });
});

describe('--hours', () => {
  it('reads a schedule, normalised; any lifts it', () => {
    expect(hoursFlag('Mon-Fri 18:00 - 7:00')).toBe('Mon-Fri 18:00-07:00');
    expect(hoursFlag('any')).toBeNull();
    expect(hoursFlag(undefined)).toBeUndefined();
    expect(() => hoursFlag('evenings')).toThrow(/--hours is days and a time range/);
  });
});

describe('the settings change the pace flags ask for', () => {
  it('saves the cap and the hours, and nothing without the flags', () => {
    expect(
      settingsChange(
        { ...none, maxUploadRate: '2MB/s', hours: 'Mon-Fri 18:00-07:00' },
        {},
        noSavedSettings,
      ),
    ).toEqual({ maxUploadBytesPerSecond: 2_000_000, uploadHours: 'Mon-Fri 18:00-07:00' });
    expect(settingsChange({ ...none, maxUploadRate: 'none' }, {}, noSavedSettings)).toEqual({
      maxUploadBytesPerSecond: null,
    });
    expect(settingsChange(none, {}, noSavedSettings)).toBeUndefined();
  });
});
