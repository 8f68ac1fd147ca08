import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyAutostartFile,
  autostartEntry,
  autostartFilePath,
  execArgument,
  type LoginItemPlace,
  loginItemPlan,
  opensWindowAtStart,
} from '../../../../main/desktop/login-item';
import { startAtLoginWanted } from '../../../../main/settings/start-at-login';
import { needs } from '../../../support/platform-needs';

const place = (over: Partial<LoginItemPlace>): LoginItemPlace => ({
  platform: 'linux',
  packaged: true,
  execPath: '/opt/Photo Uploader/photo-uploader',
  env: {},
  home: '/home/ann',
  ...over,
});

describe('startAtLoginWanted', () => {
  it('is the user’s choice, else on once a folder is watched', () => {
    expect(startAtLoginWanted({})).toBe(false);
    expect(startAtLoginWanted({ watchFolders: [] })).toBe(false);
    expect(startAtLoginWanted({ watchFolders: [{}] })).toBe(true);
    expect(startAtLoginWanted({ startAtLogin: false, watchFolders: [{}] })).toBe(false);
    expect(startAtLoginWanted({ startAtLogin: true, watchFolders: [] })).toBe(true);
  });
});

describe('loginItemPlan', () => {
  it('never registers a development run, on any system', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const)
      for (const wanted of [true, false])
        expect(loginItemPlan(wanted, place({ platform, packaged: false }))).toEqual({
          kind: 'none',
          why: 'development',
        });
  });

  it('Windows: Electron’s login item starts the executable with --hidden', () => {
    const execPath = 'C:\\Users\\Ann\\AppData\\Local\\Programs\\Photo Uploader\\Photo Uploader.exe';
    expect(loginItemPlan(true, place({ platform: 'win32', execPath }))).toEqual({
      kind: 'electron',
      settings: { openAtLogin: true, path: execPath, args: ['--hidden'] },
    });
    expect(loginItemPlan(false, place({ platform: 'win32', execPath }))).toMatchObject({
      kind: 'electron',
      settings: { openAtLogin: false },
    });
  });

  it('macOS: Electron’s login item, opened hidden (macOS passes no arguments)', () => {
    expect(loginItemPlan(true, place({ platform: 'darwin' }))).toEqual({
      kind: 'electron',
      settings: { openAtLogin: true },
    });
    expect(loginItemPlan(false, place({ platform: 'darwin' }))).toEqual({
      kind: 'electron',
      settings: { openAtLogin: false },
    });
  });

  it('Linux: the XDG autostart entry, written or removed', () => {
    expect(loginItemPlan(true, place({}))).toEqual({
      kind: 'autostart-file',
      path: '/home/ann/.config/autostart/photo-uploader.desktop',
      text: autostartEntry('/opt/Photo Uploader/photo-uploader'),
    });
    expect(loginItemPlan(false, place({ env: { XDG_CONFIG_HOME: '/cfg' } }))).toEqual({
      kind: 'autostart-file',
      path: '/cfg/autostart/photo-uploader.desktop',
      text: undefined,
    });
  });

  it('Linux: an AppImage is started from its own file, not from where it is mounted', () => {
    const plan = loginItemPlan(
      true,
      place({
        execPath: '/tmp/.mount_PhotoXy/photo-uploader',
        env: { APPIMAGE: '/home/ann/P.AppImage' },
      }),
    );
    expect(plan).toMatchObject({ kind: 'autostart-file' });
    expect(plan.kind === 'autostart-file' && plan.text).toContain(
      'Exec=/home/ann/P.AppImage --hidden',
    );
  });

  it('does nothing on other systems', () => {
    expect(loginItemPlan(true, place({ platform: 'freebsd' }))).toEqual({
      kind: 'none',
      why: 'unsupported-platform',
    });
  });
});

describe('the autostart entry', () => {
  it('names the app, starts it hidden, and is enabled for GNOME', () => {
    const text = autostartEntry('/opt/Photo Uploader/photo-uploader');
    expect(text.split('\n')).toEqual([
      '[Desktop Entry]',
      'Type=Application',
      'Name=Photo Uploader',
      'Exec="/opt/Photo Uploader/photo-uploader" --hidden',
      'Terminal=false',
      'X-GNOME-Autostart-enabled=true',
      '',
    ]);
  });

  it('a relative XDG_CONFIG_HOME is ignored, as the specification says', () => {
    expect(autostartFilePath({ XDG_CONFIG_HOME: 'rel' }, '/home/b')).toBe(
      '/home/b/.config/autostart/photo-uploader.desktop',
    );
  });

  it('keeps a path with a line break on the Exec line, as an escape', () => {
    expect(execArgument('/home/o\nX-GNOME-Autostart-enabled=false')).toBe(
      '"/home/o\\nX-GNOME-Autostart-enabled=false"',
    );
  });

  it('property: an Exec argument reads back as the path it was made from', () => {
    // Undo the two levels of escaping of the Desktop Entry specification.
    const readBack = (arg: string) => {
      const value = arg
        .replace(/%%/g, '%')
        .replace(/\\([\\nr])/g, (_all, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : c));
      if (!value.startsWith('"')) return value;
      return value.slice(1, -1).replace(/\\(["`$\\])/g, '$1');
    };
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (path) => {
        const arg = execArgument(path);
        expect(readBack(arg)).toBe(path);
        // One line, whatever the path holds: nothing after it is read as a key of the entry.
        expect(arg).not.toMatch(/[\n\r]/);
        // A path with a space stays one argument: quoted.
        if (/\s/.test(path)) expect(arg.startsWith('"')).toBe(true);
      }),
    );
  });
});

const needsFileModes = needs('file-modes');

describe('applyAutostartFile, in a real XDG_CONFIG_HOME', () => {
  let config: string | undefined;
  afterEach(async () => {
    if (config) await rm(config, { recursive: true, force: true });
  });

  it.skipIf(needsFileModes.skip)(
    needsFileModes.title(
      'writes the entry (making the folder), then removes it; removing twice is fine',
    ),
    async () => {
      config = await mkdtemp(join(tmpdir(), 'xdg-config-'));
      const on = loginItemPlan(true, place({ env: { XDG_CONFIG_HOME: config } }));
      if (on.kind !== 'autostart-file') throw new Error('expected the autostart file');
      await applyAutostartFile(on);
      const file = join(config, 'autostart', 'photo-uploader.desktop');
      expect(await readFile(file, 'utf8')).toBe(on.text);
      expect((await stat(file)).mode & 0o777).toBe(0o644);
      const off = loginItemPlan(false, place({ env: { XDG_CONFIG_HOME: config } }));
      if (off.kind !== 'autostart-file') throw new Error('expected the autostart file');
      await applyAutostartFile(off);
      await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
      await applyAutostartFile(off);
    },
  );
});

describe('opensWindowAtStart', () => {
  it('opens the window unless the app was started at login', () => {
    expect(opensWindowAtStart({ hidden: false, openedAtLogin: false })).toBe(true);
    expect(opensWindowAtStart({ hidden: true, openedAtLogin: false })).toBe(false);
    expect(opensWindowAtStart({ hidden: false, openedAtLogin: true })).toBe(false);
  });
});
