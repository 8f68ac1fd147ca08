import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { desktopDataFolder } from '../../../../main/desktop/desktop-data-folder';

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("the desktop app's data folder", () => {
  it('exists, private, before Electron is told about it (setPath throws for a missing folder)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'data-folder-'));
    made.push(root);
    const wanted = join(root, 'fresh', 'Photo Uploader');
    const folder = desktopDataFolder({
      env: { PHOTO_UPLOADER_DATA_DIR: wanted },
      platform: 'linux',
      home: root,
    });
    expect(folder).toBe(wanted);
    const made_ = await stat(folder);
    expect(made_.isDirectory()).toBe(true);
    if (process.platform !== 'win32') expect(made_.mode & 0o777).toBe(0o700);
  });

  it("is the command line's default folder when none is given (XDG on Linux)", async () => {
    const home = await mkdtemp(join(tmpdir(), 'data-home-'));
    made.push(home);
    const folder = desktopDataFolder({ env: {}, platform: 'linux', home });
    expect(folder).toBe(join(home, '.config', 'Photo Uploader'));
    expect((await stat(folder)).isDirectory()).toBe(true);
  });

  it('keeps an existing folder as it is', async () => {
    const root = await mkdtemp(join(tmpdir(), 'data-folder-'));
    made.push(root);
    expect(
      desktopDataFolder({ env: { PHOTO_UPLOADER_DATA_DIR: root }, platform: 'linux', home: root }),
    ).toBe(root);
    expect((await stat(root)).isDirectory()).toBe(true);
  });
});
