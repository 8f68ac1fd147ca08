import { describe, expect, it } from 'vitest';
import { mapTileImageSources } from '../../../main/desktop/content-security-policy';
import type { ConfirmationQuestion } from '../../../main/core/sensitive-change';
import { WindowFrontEnd } from '../../../main/desktop/window-front-end';
import { createIpcDispatcher } from '../../../shared/ipc/dispatcher';
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

  it('from the window, changes only after the user confirms it in the native dialog', async () => {
    const { core, savedSettings } = await startCore({ prefix: 'map-tile-confirm-' });
    const asked: ConfirmationQuestion[] = [];
    let answer = false;
    const window = createIpcDispatcher(
      core.handlersFor(
        new WindowFrontEnd((question) => {
          asked.push(question);
          return Promise.resolve(answer);
        }),
      ),
    );
    const tiles = 'https://tiles.elsewhere.example/{z}/{x}/{y}.png?key=window-chose-this';

    const declined = await window('settings:set', { mapTileUrl: tiles }, { trusted: true });
    expect(declined).toMatchObject({ ok: false, code: 'failed' });
    expect(declined.ok ? '' : declined.message).toBe(
      'Nothing was changed: the change of mapTileUrl was not confirmed.',
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe('Change where the map loads its tiles from?');
    // The origin only: the rest of the address is the window's to choose, so it is not shown.
    expect(asked[0]?.detail).toContain(
      'Photo Uploader will load the map’s tiles from https://tiles.elsewhere.example.',
    );
    expect(asked[0]?.detail).not.toContain('window-chose-this');
    // Not saved, and the window's policy still admits only the old tile origin: nothing can be
    // requested from the new one.
    expect(core.settings.get().mapTileUrl).toBeUndefined();
    expect(await savedSettings().catch(() => ({}))).not.toHaveProperty('mapTileUrl');
    expect(mapTileImageSources(core.settings.get())).toEqual(['https://tile.openstreetmap.org']);
    expect(await window('settings:get', {}, { trusted: true })).toMatchObject({
      ok: true,
      value: { mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
    });

    // The same address sent again with nothing changed asks nothing.
    expect(
      await window(
        'settings:set',
        { mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
        { trusted: true },
      ),
    ).toMatchObject({ ok: true });
    expect(asked).toHaveLength(1);

    answer = true;
    expect(await window('settings:set', { mapTileUrl: tiles }, { trusted: true })).toMatchObject({
      ok: true,
      value: { mapTileUrl: tiles },
    });
    expect(asked).toHaveLength(2);
    expect(mapTileImageSources(core.settings.get())).toEqual(['https://tiles.elsewhere.example']);
  }, 60_000);
});
