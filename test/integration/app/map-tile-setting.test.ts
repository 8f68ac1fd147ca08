import { describe, expect, it } from 'vitest';
import { mapTileImageSources } from '../../../main/core/content-security-policy';
import { offlineCores } from '../../support/offline-core';

describe('the map tile address (mapTileUrl) as main takes it', () => {
  const startCore = offlineCores();

  it('refuses unusable addresses with a clear sentence, saves a good one, and the policy follows', async () => {
    const { core, dispatch, savedSettings } = await startCore({ prefix: 'map-tile-setting-' });
    expect(await dispatch('settings:get', {}, { trusted: true })).toMatchObject({
      ok: true,
      value: { mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
    });
    expect(mapTileImageSources(core.settings.get())).toEqual(['https://tile.openstreetmap.org']);

    const refused = await dispatch(
      'settings:set',
      { mapTileUrl: 'http://tiles.example.org/{z}/{x}/{y}.png' },
      { trusted: true },
    );
    expect(refused).toMatchObject({ ok: false, code: 'bad-input' });
    expect(refused.ok ? '' : refused.message).toMatch(
      /must start with https:\/\/ \(plain http:\/\/ only to this computer/,
    );
    const noY = await dispatch(
      'settings:set',
      { mapTileUrl: 'https://tiles.example.org/{z}/{x}.png' },
      { trusted: true },
    );
    expect(noY.ok ? '' : noY.message).toContain('it lacks {y}');
    // Past the handler, the settings store checks again before writing.
    expect(() => core.settings.update({ mapTileUrl: 'https://x.example/{z}.png' })).toThrow();

    const saved = await dispatch(
      'settings:set',
      { mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' },
      { trusted: true },
    );
    expect(saved).toMatchObject({
      ok: true,
      value: { mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' },
    });
    expect(await savedSettings()).toMatchObject({
      mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    });
    expect(mapTileImageSources(core.settings.get())).toEqual(['http://127.0.0.1:9']);
  }, 60_000);
});
