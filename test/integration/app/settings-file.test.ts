import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../main/logging/logger';
import { electronSettingsFile } from '../../../main/platform/electron-settings-file';
import { SettingsStore } from '../../../main/settings/settings-store';

// No Electron binary can run here, and electron-store imports `electron` for the default folder
// and its renderer bridge. Given its folder (`cwd`) it needs neither: an Electron module with no
// app and no ipcMain is what it sees outside the main process, and the real electron-store code
// runs over the real file.
vi.mock('electron', () => ({ default: {} }));

describe('one settings file for the app (electron-store) and the command line (conf)', () => {
  it('reads in the command line what the app wrote, and the other way round', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'settings-file-'));
    const app = new SettingsStore(dataDir, silentLogger, electronSettingsFile(dataDir));
    const cli = new SettingsStore(dataDir, silentLogger);
    expect(app.path).toBe(cli.path);
    expect(app.path).toBe(join(dataDir, 'settings.json'));

    app.update({
      authUrl: 'https://auth.example.com',
      window: { x: 10, y: 20, width: 1200, height: 800, maximized: false },
    });
    expect(cli.get()).toMatchObject({
      authUrl: 'https://auth.example.com',
      window: { x: 10, y: 20, width: 1200, height: 800, maximized: false },
    });

    cli.update({ clientId: 'uploader', concurrency: 6 });
    expect(app.get()).toMatchObject({
      authUrl: 'https://auth.example.com',
      clientId: 'uploader',
      concurrency: 6,
    });
    // One JSON file, one schema: what either wrote parses for both.
    expect(JSON.parse(await readFile(app.path, 'utf8'))).toEqual(cli.get());
  });

  it('drops a value the schema refuses, whichever library reads it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'settings-file-'));
    const cli = new SettingsStore(dataDir, silentLogger);
    cli.update({ concurrency: 3 });
    const file = electronSettingsFile(dataDir);
    file.set({ concurrency: 99, authUrl: 'http://photos.example.com' });
    expect(new SettingsStore(dataDir, silentLogger, file).get()).toEqual({});
  });
});
