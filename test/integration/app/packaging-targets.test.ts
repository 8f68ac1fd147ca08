import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFile, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, Platform, Arch } from 'app-builder-lib';
import { generateAppRunScript } from 'app-builder-lib/out/targets/appimage/appImageUtil.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bundleApp } from '../../../build/bundle-app';
import { ELECTRON_VERSION } from '../../../build/electron-binary';
import { LINUX_ICON_SIZES } from '../../../build/make-icons';
import { standInElectronDist } from '../../../build/package-dir';
import { needs } from '../../support/platform-needs';
import { ROOT } from '../../support/upload-harness';

const needsLinuxPackagingAndSymlinks = needs('linux-packaging', 'symlinks');

// electron-builder's `deb` and `AppImage` targets, run with the repository's electron-builder.yml
// and package.json and the stand-in Electron. Each target runs every metadata and configuration
// check, then needs a tool electron-builder downloads (fpm; the AppImage runtime and mksquashfs).
// Those downloads go to a loopback mirror that has nothing: the test asserts that the download is
// the one failure. The project is a private copy (its own dist/app, sharing node_modules and
// build/) so this file never races the other packaging tests over dist/app or out/.

/** What the deb target hands fpm: its arguments and the desktop file it wrote. */
const fpmOptions = z.tuple([z.array(z.string()), z.string()]);
/** The deb target's recorded options: fpm's arguments and the desktop entry's text. */
const debComputed = z.tuple([z.array(z.string()), z.string()]);
/** What the AppImage target computed: its desktop entry and the desktop file's name. */
const appImageComputed = z.object({ desktop: z.string(), desktopFileName: z.string() });

/** What electron-builder asked the mirror for. */
const requested: string[] = [];
let mirror: Server;
let project: string;
let electronDist: string;
const savedEnv = { ...process.env };

/** The loopback mirror: records each path and has nothing. */
function startMirror(): Promise<Server> {
  const server = createServer((request, response) => {
    requested.push(decodeURIComponent(request.url ?? ''));
    response.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Builds one Linux target with the project's own configuration, recording what it computed. */
async function buildTarget(
  target: 'dir' | 'deb' | 'AppImage',
  prepackaged?: string,
): Promise<{ error: Error | undefined; computed: unknown[] }> {
  const computed: unknown[] = [];
  try {
    await build({
      projectDir: project,
      targets: Platform.LINUX.createTarget(target, Arch.x64),
      publish: 'never',
      prepackaged: prepackaged ?? null,
      config: { electronDist, electronVersion: ELECTRON_VERSION, electronFuses: null },
      effectiveOptionComputed: async (options: unknown) => {
        // fpm's options name its desktop file, which electron-builder removes after the build.
        const fpm = fpmOptions.safeParse(options);
        computed.push(fpm.success ? [fpm.data[0], await readFile(fpm.data[1], 'utf8')] : options);
        // false: go on building, as a real build does.
        return false;
      },
    });
    return { error: undefined, computed };
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)), computed };
  }
}

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'packaging-targets-'));
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml'])
    await copyFile(join(ROOT, file), join(project, file));
  await symlink(join(ROOT, 'build'), join(project, 'build'));
  await symlink(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  await bundleApp(join(project, 'dist'));
  electronDist = await standInElectronDist(join(project, 'electron-dist'));
  mirror = await startMirror();
  for (const name of Object.keys(process.env))
    if (
      /electron_builder_binaries|^CUSTOM_FPM_PATH$|^USE_SYSTEM_FPM$|^APPIMAGE_TOOLS_PATH$/i.test(
        name,
      )
    )
      delete process.env[name];
  process.env.ELECTRON_BUILDER_BINARIES_MIRROR = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/`;
  process.env.ELECTRON_BUILDER_BINARIES_ALLOW_HTTP = 'true';
  // An empty tool cache: nothing downloaded earlier on this machine hides the download.
  process.env.ELECTRON_BUILDER_CACHE = join(project, 'cache');
  const packed = await buildTarget('dir');
  if (packed.error) throw packed.error;
}, 300_000);

afterAll(async () => {
  process.env = savedEnv;
  await new Promise((resolve) => mirror?.close(resolve));
  if (project) await rm(project, { recursive: true, force: true });
});

const UNPACKED = () => join(project, 'out/linux-unpacked');

/** A download that failed because the (empty) mirror had no such file: nothing else. */
function expectOnlyTheToolDownloadFailed(error: Error | undefined, tool: string): void {
  const mirrorUrl = process.env.ELECTRON_BUILDER_BINARIES_MIRROR ?? '';
  expect(error?.message).toBe(`Response code 404 (Not Found) for ${mirrorUrl}${tool.slice(1)}`);
  expect(requested).toEqual([tool]);
}

describe.skipIf(needsLinuxPackagingAndSymlinks.skip)(
  needsLinuxPackagingAndSymlinks.title(
    'electron-builder targets for Linux (stand-in Electron, no tool downloads)',
  ),
  () => {
    it('deb: passes every metadata check and fills the package fields; only the download of fpm fails', async () => {
      requested.length = 0;
      const { error, computed } = await buildTarget('deb', UNPACKED());
      expectOnlyTheToolDownloadFailed(error, '/fpm@2.1.4/fpm-1.17.0-ruby-3.4.3-linux-amd64.7z');
      // fpm's arguments, computed after every check and before fpm is fetched.
      expect(computed).toHaveLength(1);
      const [args, desktop] = debComputed.parse(computed[0]);
      const option = (name: string) => args[args.indexOf(name) + 1];
      expect(option('--maintainer')).toBe(
        'Photo Uploader contributors <support@photouploader.app>',
      );
      expect(option('--url')).toBe('https://photouploader.app');
      expect(option('--category')).toBe('graphics');
      expect(option('--description')).toMatch(
        /^Send construction photos to the Photo Service\n Sends construction photos .+\.$/,
      );
      for (const size of LINUX_ICON_SIZES)
        expect(args).toContain(
          `${join(project, `build/icons/${size}x${size}.png`)}=/usr/share/icons/hicolor/${size}x${size}/apps/photo-uploader.png`,
        );
      expect(desktop).toMatch(
        /^Exec=\/opt\/"?Photo Uploader"?\/photo-uploader %U$|^Exec=".+" %U$/m,
      );
      expect(desktop).toContain('Categories=Office;');
    }, 120_000);

    it('AppImage: passes every check and keeps the sandbox decision to AppRun; only the download of the AppImage tools fails', async () => {
      requested.length = 0;
      const { error, computed } = await buildTarget('AppImage', UNPACKED());
      expectOnlyTheToolDownloadFailed(error, '/appimage-12.0.1/appimage-12.0.1.7z');
      expect(computed).toHaveLength(1);
      const { desktop, desktopFileName } = appImageComputed.parse(computed[0]);
      expect(desktopFileName).toBe('photo-uploader.desktop');
      // No `--no-sandbox` from the desktop entry (electron-builder's default would add it)...
      expect(desktop).toMatch(/^Exec=AppRun %U$/m);
      expect(desktop).toContain('Icon=photo-uploader');
      // The sign-in's private scheme, and the setup file IT sends (issue 23: opened by double-click).
      const mimeTypes = /^MimeType=(.*)$/m.exec(desktop)?.[1]?.split(';') ?? [];
      expect(mimeTypes).toEqual(
        expect.arrayContaining([
          'x-scheme-handler/com.photouploader.app',
          'application/x-photouploader-setup',
        ]),
      );
      // ...because the launcher electron-builder writes turns the sandbox off only where
      // unprivileged user namespaces do not work (electron-builder.yml explains the choice).
      const launcher = generateAppRunScript({
        DesktopFileName: 'photo-uploader.desktop',
        ExecutableName: 'photo-uploader',
        ProductName: 'Photo Uploader',
        ProductFilename: 'Photo Uploader',
        ResourceName: 'appimagekit-photo-uploader',
      });
      expect(launcher).toContain(
        'if [ $HAVE_NO_SANDBOX -eq 0 ] && ! unshare -Ur true 2>/dev/null ; then',
      );
      expect(launcher).toContain('exec "$BIN" "${NO_SANDBOX[@]}"');
    }, 120_000);
  },
);
