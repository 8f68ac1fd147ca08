import { describe, expect, it } from 'vitest';
import { changeNeedsReconfigure, READ_WHEN_USED } from '../../../../main/settings/read-when-used';
import { SETTING_NAMES } from '../../../../main/settings/settings-store';

describe('the settings read when used', () => {
  it('are all real settings', () => {
    expect(READ_WHEN_USED.length).toBeGreaterThan(0);
    for (const name of READ_WHEN_USED) expect(SETTING_NAMES, name).toContain(name);
  });

  it('are the zone, the settle time, the far-photo threshold, the camera clocks, the map tiles, the quit choice, where the sign-in is kept, the language, start at login, and the saved templates and presets', () => {
    expect([...READ_WHEN_USED].sort()).toEqual(
      [
        'assumedZone',
        'cameraOffsets',
        'descriptionTemplates',
        'farMeters',
        'language',
        'mapTileUrl',
        'presets',
        'quitWithPending',
        'signInTokensInPlainTextFile',
        'startAtLogin',
        'watchSettleSeconds',
      ].sort(),
    );
  });

  it('need no reconfigure alone; any other setting saved with them does', () => {
    expect(changeNeedsReconfigure([])).toBe(false);
    expect(changeNeedsReconfigure(['farMeters'])).toBe(false);
    expect(changeNeedsReconfigure(['assumedZone', 'watchSettleSeconds', 'cameraOffsets'])).toBe(
      false,
    );
    expect(changeNeedsReconfigure(['farMeters', 'baseUrl'])).toBe(true);
    expect(changeNeedsReconfigure(['clientSecret'])).toBe(true);
    expect(changeNeedsReconfigure(['concurrency'])).toBe(true);
  });
});
