import { describe, expect, it } from 'vitest';
import {
  defaultDataDir,
  ownerFiles,
  ownerAddressPlan,
  sharedLocksDir,
} from '../../../../main/ownership/data-folder';

describe('the default data folder', () => {
  it("is the app's userData on every platform, shared by the command line", () => {
    expect(defaultDataDir({ platform: 'linux', env: {}, home: '/home/ana' })).toBe(
      '/home/ana/.config/Photo Uploader',
    );
    expect(
      defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/cfg' }, home: '/home/ana' }),
    ).toBe('/cfg/Photo Uploader');
    // A relative XDG_CONFIG_HOME is ignored, as the XDG spec and Electron do.
    expect(
      defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: 'cfg' }, home: '/home/ana' }),
    ).toBe('/home/ana/.config/Photo Uploader');
    expect(defaultDataDir({ platform: 'darwin', env: {}, home: '/Users/ana' })).toBe(
      '/Users/ana/Library/Application Support/Photo Uploader',
    );
    expect(
      defaultDataDir({
        platform: 'win32',
        env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' },
        home: 'C:\\Users\\ana',
      }),
    ).toBe('C:\\Users\\ana\\AppData\\Roaming\\Photo Uploader');
    expect(sharedLocksDir({ platform: 'linux', env: {}, home: '/home/ana' })).toBe(
      '/home/ana/.config/Photo Uploader/locks',
    );
  });
});

describe('where the owner listens', () => {
  it('is a socket in the data folder, or one in a fresh private folder when that path is too long', () => {
    expect(ownerAddressPlan('/home/ana/.config/Photo Uploader', 'linux')).toEqual({
      kind: 'socket',
      path: '/home/ana/.config/Photo Uploader/owner.sock',
    });
    const deep = `/home/ana/${'very-long-folder-name/'.repeat(6)}data`;
    expect(ownerAddressPlan(deep, 'linux')).toEqual({ kind: 'private-socket' });
    const pipe = ownerAddressPlan('C:\\data', 'win32');
    expect(pipe.kind === 'pipe' && pipe.prefix).toMatch(
      /^\\\\\.\\pipe\\photo-uploader-[0-9a-f]{16}$/,
    );
    expect(ownerFiles('/d')).toEqual({ lock: '/d/owner.lock', endpoint: '/d/owner.json' });
  });
});
