import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Arch, build, Platform } from 'electron-builder';
import type { AfterPackContext, LinuxPackager } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper.js';
import { bundleApp, ROOT } from './bundle-app';
import { ELECTRON_VERSION, findElectronBinary } from './electron-binary';
import {
  fusesToFlip,
  packagingElectron,
  packagingTarget,
  platformPackaging,
  unpackedFolder,
} from './packaging-electron';

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

/** Where a packaging run builds to, and with which Electron. */
export type PackageDirOptions = {
  /**
   * A name for a build of its own: the app is bundled into `dist/<name>/app` and packaged into
   * `out/<name>`, so a test does not race the others that rebuild `dist/app` or package into
   * `out/`. Without it: `dist/app` and `out/`, as a release. (It stays inside the repository:
   * electron-builder collects the production dependencies from the project's own node_modules,
   * and a project folder elsewhere with node_modules linked in loses the transitive ones.)
   */
  readonly name?: string;
  /** The installed Electron binary (`findElectronBinary()`), or undefined for the stand-in. */
  readonly electronBinary?: string | undefined;
  /** Keep the inspector arguments for Playwright (see `fusesToFlip`). */
  readonly forPlaywright?: boolean;
};

/** The bundle and output folders of a packaging run (relative to the repository). */
export function packagingFolders(name: string | undefined): { dist: string; output: string } {
  return name === undefined
    ? { dist: 'dist', output: 'out' }
    : { dist: `dist/${name}`, output: `out/${name}` };
}

/** electron-builder's platform of a packaging target. */
const BUILDER_PLATFORM = { linux: Platform.LINUX, darwin: Platform.MAC, win32: Platform.WINDOWS };

/**
 * `npm run package:dir`: builds the app and packages it unpacked for this system and processor
 * (`packagingTarget`), into `out/linux-unpacked`, `out/mac-arm64/Photo Uploader.app`,
 * `out/win-unpacked`, … (or under `out/<name>/`). With a real Electron distribution (the
 * installed binary's folder, or ELECTRON_OVERRIDE_DIST_PATH) that is copied and its fuses
 * flipped as electron-builder.yml declares; without one the stand-in (a Linux layout) is copied
 * for Linux x64 and the fuses are left alone (the stand-in has no fuse wire to flip).
 * @returns the unpacked app's folder.
 */
export async function packageDir(options: PackageDirOptions = {}): Promise<string> {
  const folders = packagingFolders(options.name);
  await bundleApp(join(ROOT, folders.dist));
  const electron = packagingElectron(options.electronBinary);
  const electronDist =
    electron.kind === 'real'
      ? electron.dist
      : await standInElectronDist(join(ROOT, folders.output, '.stand-in-electron'));
  const target = packagingTarget(electron);
  const platformSettings = platformPackaging(target);
  const declared = await getConfig(ROOT, null, null);
  // electron-builder adds these patterns after electron-builder.yml's `files` (whose exclusions
  // still apply): this run's bundle in, a release bundle that other runs may be building out.
  const files = options.name === undefined ? [] : [`${folders.dist}/app/**/*`, '!dist/app{,/**/*}'];
  await build({
    projectDir: ROOT,
    targets: BUILDER_PLATFORM[target.platform].createTarget('dir', Arch[target.arch]),
    publish: 'never',
    config: {
      directories: { output: folders.output, buildResources: 'build' },
      files,
      extraMetadata: { main: `${folders.dist}/app/main/index.js` },
      electronDist,
      electronVersion: ELECTRON_VERSION,
      electronFuses: fusesToFlip(electron, declared.electronFuses, options.forPlaywright ?? false),
      ...(platformSettings.desktopEntry ? { afterPack: writeDesktopEntry } : {}),
      ...(platformSettings.macIdentity === 'none' ? { mac: { identity: null } } : {}),
    },
  });
  return join(ROOT, folders.output, unpackedFolder(target));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = await packageDir({ electronBinary: findElectronBinary() });
  process.stdout.write(`Packaged the unpacked app into ${dir}\n`);
}
