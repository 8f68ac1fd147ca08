import { execFile } from 'node:child_process';
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/upload-harness';
import { needs } from '../../support/platform-needs';

// Issue 25 §4: the packages put a `photo-uploader` command on the PATH, which is the app's own
// binary run as the command line (desktop/launch-mode): the deb's link, the macOS wrapper the
// app menu links from /usr/local/bin, the Windows wrapper whose folder the installer puts on the
// user's PATH.

const run = promisify(execFile);
const temp: string[] = [];
afterAll(async () => {
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

const needsLinksAndModes = needs('symlinks', 'file-modes');

describe('the photo-uploader command of each package', () => {
  it('deb: electron-builder’s install script links /usr/bin/<executableName> to the app', async () => {
    const config = await getConfig(ROOT, null, null);
    expect(config.linux?.executableName).toBe('photo-uploader');
    const script = await readFile(
      join(ROOT, 'node_modules/app-builder-lib/templates/linux/after-install.tpl'),
      'utf8',
    );
    expect(script).toContain(
      "update-alternatives --install '/usr/bin/${executable}' '${executable}' '/opt/${sanitizedProductName}/${executable}'",
    );
    expect(script).toContain(
      "ln -sf '/opt/${sanitizedProductName}/${executable}' '/usr/bin/${executable}'",
    );
    // Ours adds no after-install script of its own, which would replace that one.
    expect(config.deb?.afterInstall).toBeUndefined();
  });

  it('macOS and Windows: the wrappers are packaged into resources/bin', async () => {
    const config = await getConfig(ROOT, null, null);
    expect([config.extraResources].flat()).toContainEqual({ from: 'build/bin', to: 'bin' });
    const cmd = await readFile(join(ROOT, 'build/bin/photo-uploader.cmd'), 'utf8');
    // resources\bin\ → the install folder, where electron-builder puts `<productName>.exe`.
    expect(cmd).toContain(`"%~dp0..\\..\\${config.productName}.exe" %*`);
    expect(cmd).toContain('exit /b %ERRORLEVEL%');
    expect(cmd.split('\n').every((line) => line === '' || line.endsWith('\r'))).toBe(true);
  });

  it('Windows: the installer puts resources\\bin on the user’s PATH and takes it off', async () => {
    const config = await getConfig(ROOT, null, null);
    expect(config.nsis?.include).toBe('build/installer.nsh');
    expect(config.nsis?.perMachine).toBe(false);
    const script = await readFile(join(ROOT, 'build/installer.nsh'), 'utf8');
    const install = script.slice(script.indexOf('!macro customInstall'));
    const uninstall = script.slice(script.indexOf('!macro customUnInstall'));
    for (const macro of [install, uninstall]) {
      // The folder goes to PowerShell in a variable, never in its command text (an apostrophe
      // in a user name), and the Path is kept as stored (its %USERPROFILE% entries).
      expect(macro).toContain(
        'SetEnvironmentVariable(t "PHOTO_UPLOADER_BIN", t "$INSTDIR\\resources\\bin")',
      );
      expect(macro).toContain('$$d = $$env:PHOTO_UPLOADER_BIN;');
      expect(macro).not.toMatch(/powershell[^\n]*\$INSTDIR/);
      expect(macro).toContain("GetValue('Path', '', 'DoNotExpandEnvironmentNames')");
      expect(macro).toContain("'ExpandString'");
    }
    expect(install).toContain('-contains $$d');
    expect(uninstall).toContain('-ne $$d');
  });

  it.skipIf(needsLinksAndModes.skip)(
    needsLinksAndModes.title(
      'macOS: the wrapper, linked from elsewhere, runs the app binary with every argument',
    ),
    async () => {
      // The app bundle's layout, with a stand-in binary that prints what it was given.
      const root = await mkdtemp(join(tmpdir(), 'pu-mac-command-'));
      temp.push(root);
      const contents = join(root, 'Applications', 'Photo Uploader.app', 'Contents');
      await mkdir(join(contents, 'Resources', 'bin'), { recursive: true });
      await mkdir(join(contents, 'MacOS'));
      const binary = join(contents, 'MacOS', 'Photo Uploader');
      await writeFile(binary, '#!/bin/sh\nprintf "%s|" "$0" "$@"\nexit 3\n');
      await chmod(binary, 0o755);
      const wrapper = join(contents, 'Resources', 'bin', 'photo-uploader');
      await copyFile(join(ROOT, 'build/bin/photo-uploader'), wrapper);
      await chmod(wrapper, 0o755);
      await mkdir(join(root, 'usr-local-bin'));
      // A relative link, then a link to that link: both are followed.
      const link = join(root, 'usr-local-bin', 'photo-uploader');
      await symlink(
        '../Applications/Photo Uploader.app/Contents/Resources/bin/photo-uploader',
        link,
      );
      const second = join(root, 'second-link');
      await symlink(link, second);
      for (const command of [link, second]) {
        const ended = await run(command, ['status', '--json', 'a b']).catch(
          (error: { code: number; stdout: string }) => error,
        );
        expect(ended).toMatchObject({ code: 3 });
        const printed = (ended as { stdout: string }).stdout.split('|');
        expect(printed.slice(1, 4)).toEqual(['status', '--json', 'a b']);
        expect(printed[0]).toMatch(
          /Photo Uploader\.app\/Contents\/Resources\/bin\/\.\.\/\.\.\/MacOS\/Photo Uploader$/,
        );
      }
    },
  );
});
