import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { silentLogger, Redactor } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { createIpcDispatcher } from '../../../shared/ipc/dispatcher';

describe('the far-photo threshold (farMeters) as main takes it', () => {
  let core: AppCore | undefined;
  afterEach(async () => {
    await core?.shutdown();
    core = undefined;
  });

  it('refuses values out of range or not whole metres, and saves a good one without reconfiguring', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'far-meters-setting-'));
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
    const handlers = core.handlersFor(commandLineFrontEnd);
    // The window's calls arrive through the dispatcher, which checks them against the contract.
    const dispatch = createIpcDispatcher(handlers);
    expect((await handlers['settings:get']({})).farMeters).toBe(1000);

    for (const bad of [0, 9, 1_000_001, 2.5, -100, '250', null]) {
      const refused = await dispatch('settings:set', { farMeters: bad }, { trusted: true });
      expect(refused, String(bad)).toMatchObject({ ok: false, code: 'bad-input' });
    }
    // Past the contract, the settings store checks again before writing.
    expect(() => core?.settings.update({ farMeters: 5 })).toThrow();
    expect((await handlers['settings:get']({})).farMeters).toBe(1000);

    // Read when used: saving it alone rebuilds nothing.
    const reconfigure = vi.spyOn(core, 'reconfigure');
    const saved = await dispatch('settings:set', { farMeters: 250 }, { trusted: true });
    expect(saved).toMatchObject({ ok: true, value: { farMeters: 250 } });
    expect(reconfigure).not.toHaveBeenCalled();
    expect(JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({
      farMeters: 250,
    });
    expect((await handlers['settings:get']({})).farMeters).toBe(250);

    // With another setting, the change rebuilds the connection as before.
    await dispatch('settings:set', { farMeters: 300, concurrency: 2 }, { trusted: true });
    expect(reconfigure).toHaveBeenCalledTimes(1);
  }, 60_000);
});
