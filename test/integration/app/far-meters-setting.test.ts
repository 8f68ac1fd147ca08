import { describe, expect, it, vi } from 'vitest';
import { offlineCores } from '../../support/offline-core';

describe('the far-photo threshold (farMeters) as main takes it', () => {
  const startCore = offlineCores();

  it('refuses values out of range or not whole metres, and saves a good one without reconfiguring', async () => {
    // The window's calls arrive through `dispatch`, which checks them against the contract.
    const { core, handlers, dispatch, savedSettings } = await startCore({
      prefix: 'far-meters-setting-',
    });
    expect((await handlers['settings:get']({})).farMeters).toBe(1000);

    for (const bad of [0, 9, 1_000_001, 2.5, -100, '250', null]) {
      const refused = await dispatch('settings:set', { farMeters: bad }, { trusted: true });
      expect(refused, String(bad)).toMatchObject({ ok: false, code: 'bad-input' });
    }
    // Past the contract, the settings store checks again before writing.
    expect(() => core.settings.update({ farMeters: 5 })).toThrow();
    expect((await handlers['settings:get']({})).farMeters).toBe(1000);

    // Read when used: saving it alone rebuilds nothing.
    const reconfigure = vi.spyOn(core, 'reconfigure');
    const saved = await dispatch('settings:set', { farMeters: 250 }, { trusted: true });
    expect(saved).toMatchObject({ ok: true, value: { farMeters: 250 } });
    expect(reconfigure).not.toHaveBeenCalled();
    expect(await savedSettings()).toMatchObject({
      farMeters: 250,
    });
    expect((await handlers['settings:get']({})).farMeters).toBe(250);

    // With another setting, the change rebuilds the connection as before.
    await dispatch('settings:set', { farMeters: 300, concurrency: 2 }, { trusted: true });
    expect(reconfigure).toHaveBeenCalledTimes(1);
  }, 60_000);
});
