import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WindowFrontEnd } from '../../../main/desktop/window-front-end';
import type { SettingsView } from '../../../shared/ipc/views';
import { offlineCores } from '../../support/offline-core';

describe('a setup file opened on the window (a drop, a double-click)', () => {
  const startCore = offlineCores();

  it('tells the window, so an open Settings screen shows what it set', async () => {
    const { core, dataDir } = await startCore({ prefix: 'setup-window-' });
    const told: SettingsView[] = [];
    core.onEvent((event, payload) => {
      if (event === 'settings:changed' && typeof payload === 'object' && 'farMeters' in payload)
        told.push(payload);
    });
    const file = join(dataDir, 'office.photouploader');
    await writeFile(file, JSON.stringify({ photoUploaderSetup: 1, settings: { farMeters: 750 } }));
    const result = await core.openSetupFile(file, new WindowFrontEnd(() => Promise.resolve(true)));
    expect(result.applied).toBe(true);
    await expect.poll(() => told.at(-1)?.farMeters, { timeout: 10_000 }).toBe(750);
  }, 60_000);
});
