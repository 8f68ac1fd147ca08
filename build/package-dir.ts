import { chmod, copyFile, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Arch, build, Platform } from 'electron-builder';
import type { AfterPackContext, LinuxPackager } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper.js';
import { bundleApp, ROOT } from './bundle-app';
import { ELECTRON_VERSION, findElectronBinary } from './electron-binary';
import { fusesToFlip, packagingElectron } from './packaging-electron';

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

/** Where a packaging run takes its sources from and writes to. */
export type PackageDirOptions = {
  /**
   * The project folder: package.json, electron-builder.yml, node_modules and the bundle in
   * `dist/app` (built here). The repository by default; a test packages in a folder of its own
   * (see `packagingProject`) so it does not race other tests that rebuild `dist/` or `out/`.
   */
  readonly projectDir?: string;
  /** The installed Electron binary (`findElectronBinary()`), or undefined for the stand-in. */
  readonly electronBinary?: string | undefined;
  /** Keep the inspector arguments for Playwright (see `fusesToFlip`). */
  readonly forPlaywright?: boolean;
};

/**
 * `npm run package:dir`: builds the app and packages it unpacked for Linux (x64), into
 * `<projectDir>/out/linux-unpacked`. With a real Electron distribution (the installed binary's
 * folder, or ELECTRON_OVERRIDE_DIST_PATH) it is copied and its fuses flipped as declared in
 * electron-builder.yml; without one the stand-in is copied and the fuses are left alone (the
 * stand-in has no fuse wire to flip).
 */
export async function packageDir(options: PackageDirOptions = {}): Promise<string> {
  const projectDir = options.projectDir ?? ROOT;
  await bundleApp(join(projectDir, 'dist'));
  const electron = packagingElectron(options.electronBinary);
  const electronDist =
    electron.kind === 'real'
      ? electron.dist
      : await standInElectronDist(join(projectDir, 'out/.stand-in-electron'));
  const declared = await getConfig(projectDir, null, null);
  await build({
    projectDir,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: {
      electronDist,
      electronVersion: ELECTRON_VERSION,
      electronFuses: fusesToFlip(electron, declared.electronFuses, options.forPlaywright ?? false),
      afterPack: writeDesktopEntry,
    },
  });
  return join(projectDir, 'out/linux-unpacked');
}

/**
 * A project folder of its own for packaging beside other runs: the manifest, lock file and
 * electron-builder.yml copied, `build/` and `node_modules` linked from the repository.
 */
export async function packagingProject(project: string): Promise<string> {
  await mkdir(project, { recursive: true });
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml'])
    await copyFile(join(ROOT, file), join(project, file));
  for (const folder of ['build', 'node_modules'])
    await symlink(join(ROOT, folder), join(project, folder));
  return project;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = await packageDir({ electronBinary: findElectronBinary() });
  process.stdout.write(`Packaged the unpacked app into ${dir}\n`);
}
