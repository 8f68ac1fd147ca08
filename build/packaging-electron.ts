import { dirname, join } from 'node:path';
import type { Configuration } from 'electron-builder';

/** The fuse settings electron-builder takes (`electronFuses` in electron-builder.yml). */
export type Fuses = NonNullable<Configuration['electronFuses']>;

/** Which Electron distribution a packaging run copies, and whether it flips the fuses. */
export type PackagingElectron =
  { readonly kind: 'real'; readonly dist: string } | { readonly kind: 'stand-in' };

/**
 * The Electron distribution to package with: the folder of the installed binary
 * (`findElectronBinary`, which honours `ELECTRON_OVERRIDE_DIST_PATH`), else the stand-in (no
 * Electron can be installed on this machine).
 * @param binary the installed Electron executable, or undefined when there is none.
 */
export function packagingElectron(binary: string | undefined): PackagingElectron {
  return binary === undefined ? { kind: 'stand-in' } : { kind: 'real', dist: distOfBinary(binary) };
}

/**
 * The distribution folder an Electron executable lives in: its own folder, or on macOS the
 * folder holding `Electron.app`.
 */
export function distOfBinary(binary: string): string {
  const app = /^(.*)[/\\]Electron\.app[/\\]Contents[/\\]MacOS[/\\]Electron$/.exec(binary);
  return app?.[1] ?? dirname(binary);
}

/**
 * The fuses a packaging run flips: none with the stand-in (it is a shell script, with no fuse
 * wire to flip, so electron-builder would fail), the declared ones with a real binary. A build
 * that Playwright drives keeps the inspector arguments: Playwright attaches to the main process
 * through `--inspect`, which the declared `enableNodeCliInspectArguments: false` turns off. Every
 * other fuse stays as it ships.
 * @param declared the `electronFuses` of electron-builder.yml.
 */
export function fusesToFlip(
  electron: PackagingElectron,
  declared: Fuses | null | undefined,
  forPlaywright: boolean,
): Fuses | null {
  if (electron.kind === 'stand-in' || declared === undefined || declared === null) return null;
  return forPlaywright ? { ...declared, enableNodeCliInspectArguments: true } : declared;
}

/** A system and processor electron-builder packages for (the ones this project builds on). */
export type PackagingTarget = {
  readonly platform: 'linux' | 'darwin' | 'win32';
  readonly arch: 'x64' | 'arm64';
};

/**
 * What a `dir` packaging run builds for: the stand-in is a Linux distribution (a shell script
 * named `electron`), so with it always Linux x64; a real Electron is this machine's own, so the
 * machine's system and processor (macOS runners are arm64). Other systems package as Linux.
 */
export function packagingTarget(
  electron: PackagingElectron,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): PackagingTarget {
  if (electron.kind === 'stand-in') return { platform: 'linux', arch: 'x64' };
  return {
    platform: platform === 'darwin' || platform === 'win32' ? platform : 'linux',
    arch: arch === 'arm64' ? 'arm64' : 'x64',
  };
}

/**
 * The folder electron-builder unpacks a `dir` build into, inside its output folder: the
 * platform's key (`linux`, `mac`, `win`), the processor unless it is x64, and `-unpacked` but on
 * macOS (there the folder holds `<productName>.app`).
 */
export function unpackedFolder(target: PackagingTarget): string {
  const key = { linux: 'linux', darwin: 'mac', win32: 'win' }[target.platform];
  const arch = target.arch === 'x64' ? '' : `-${target.arch}`;
  return `${key}${arch}${target.platform === 'darwin' ? '' : '-unpacked'}`;
}

/**
 * The packaged app's executable inside an electron-builder output folder, for a `dir` build
 * (`linux-unpacked/<executableName>`, `mac/<productName>.app/Contents/MacOS/<productName>`,
 * `win-unpacked/<productName>.exe`; arm64 builds in `linux-arm64-unpacked`, `mac-arm64`, …).
 */
export function packagedExecutable(
  outputDir: string,
  names: { readonly executableName: string; readonly productName: string },
  platform: NodeJS.Platform = process.platform,
  arch: string = 'x64',
): string {
  const target = packagingTarget({ kind: 'real', dist: '' }, platform, arch);
  const folder = join(outputDir, unpackedFolder(target));
  if (target.platform === 'darwin') {
    return join(folder, `${names.productName}.app`, 'Contents/MacOS', names.productName);
  }
  if (target.platform === 'win32') return join(folder, `${names.productName}.exe`);
  return join(folder, names.executableName);
}

/**
 * The packaging settings a `dir` build needs on its system, beyond electron-builder.yml:
 * - Linux: the desktop entry written beside the app (`writeDesktopEntry`), so what it declares
 *   can be checked; the other systems have none.
 * - macOS: no signing identity is looked up (a test build is never signed with a developer's
 *   certificate, and the lookup may ask for the keychain). It still runs on Apple Silicon: the
 *   fuses' `resetAdHocDarwinSignature` (electron-builder.yml) signs it ad hoc after flipping.
 */
export function platformPackaging(target: PackagingTarget): {
  readonly desktopEntry: boolean;
  readonly macIdentity: 'none' | 'declared';
} {
  return {
    desktopEntry: target.platform === 'linux',
    macIdentity: target.platform === 'darwin' ? 'none' : 'declared',
  };
}
