import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Arch, build, Platform } from 'electron-builder';
import type { AfterPackContext, LinuxPackager } from 'app-builder-lib';
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper.js';
import { bundleApp, ROOT } from './bundle-app';
import { ELECTRON_VERSION } from './electron-binary';

/** Where the unpacked app lands. */
export const PACKAGE_DIR = join(ROOT, 'out/linux-unpacked');

/**
 * A stand-in for Electron's Linux distribution, laid out like the real one: an `electron`
 * executable (here a script that says what it is), `resources/`, `locales/` and `version`.
 * electron-builder copies it and renames the executable like the real thing. Made in `dist`.
 */
export async function standInElectronDist(
  dist: string = join(ROOT, 'out/.stand-in-electron'),
): Promise<string> {
  await rm(dist, { recursive: true, force: true });
  await mkdir(join(dist, 'resources'), { recursive: true });
  await mkdir(join(dist, 'locales'), { recursive: true });
  await writeFile(
    join(dist, 'electron'),
    '#!/bin/sh\necho "This is a stand-in for the Electron binary; install Electron to run the app." >&2\nexit 1\n',
  );
  await chmod(join(dist, 'electron'), 0o755);
  await writeFile(join(dist, 'locales/en-US.pak'), '');
  await writeFile(join(dist, 'version'), ELECTRON_VERSION);
  await writeFile(join(dist, 'LICENSE'), 'Stand-in for the MIT-licensed Electron distribution.\n');
  return dist;
}

/**
 * The Linux desktop entry, written beside the unpacked app by the same helper the AppImage and
 * deb targets use, so what it declares (the scheme handler above all) can be checked here.
 */
async function writeDesktopEntry(context: AfterPackContext): Promise<void> {
  const packager = context.packager as LinuxPackager;
  const helper = new LinuxTargetHelper(packager);
  await helper.writeDesktopEntry(
    packager.platformSpecificBuildOptions,
    undefined,
    join(context.appOutDir, `${packager.executableName}.desktop`),
  );
}

/**
 * `npm run package:dir`: builds the app and packages it unpacked for Linux with the stand-in
 * Electron. Flipping the fuses needs the real binary (the stand-in has no fuse wire), so that
 * step is left to builds where Electron is installed; the fuses stay declared in
 * electron-builder.yml.
 */
export async function packageDir(): Promise<string> {
  await bundleApp();
  const electronDist = await standInElectronDist();
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: {
      electronDist,
      electronVersion: ELECTRON_VERSION,
      electronFuses: null,
      afterPack: writeDesktopEntry,
    },
  });
  return PACKAGE_DIR;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = await packageDir();
  process.stdout.write(`Packaged the unpacked app into ${dir}\n`);
}
