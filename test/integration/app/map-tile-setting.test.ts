import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../../main/core/app-core';
import { mapTileImageSources } from '../../../main/core/content-security-policy';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { silentLogger, Redactor } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { createIpcDispatcher } from '../../../shared/ipc/dispatcher';

describe('the map tile address (mapTileUrl) as main takes it', () => {
  let core: AppCore | undefined;
  afterEach(async () => {
    await core?.shutdown();
    core = undefined;
  });

  it('refuses unusable addresses with a clear sentence, saves a good one, and the policy follows', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'map-tile-setting-'));
    core = await AppCore.start({
      dataDir,
      secrets: new InMemorySecretStore(),
      redactor: new Redactor(),
      logger: silentLogger,
      customScheme: undefined,
      browser: { open: () => Promise.resolve() },
      chooser: { choose: () => Promise.resolve([]) },
      runQueue: 'on-request',
    });
    const dispatch = createIpcDispatcher(core.handlersFor(commandLineFrontEnd));
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
    expect(() => core?.settings.update({ mapTileUrl: 'https://x.example/{z}.png' })).toThrow();

    const saved = await dispatch(
      'settings:set',
      { mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' },
      { trusted: true },
    );
    expect(saved).toMatchObject({
      ok: true,
      value: { mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' },
    });
    expect(JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({
      mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    });
    expect(mapTileImageSources(core.settings.get())).toEqual(['http://127.0.0.1:9']);
  }, 60_000);
});
