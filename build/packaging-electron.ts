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

/**
 * The packaged app's executable inside an electron-builder output folder, for a `dir` build on
 * this platform (`linux-unpacked/<executableName>`, `mac/<productName>.app/…`,
 * `win-unpacked/<productName>.exe`).
 */
export function packagedExecutable(
  outputDir: string,
  names: { readonly executableName: string; readonly productName: string },
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'darwin') {
    return join(outputDir, 'mac', `${names.productName}.app`, 'Contents/MacOS', names.productName);
  }
  if (platform === 'win32') return join(outputDir, 'win-unpacked', `${names.productName}.exe`);
  return join(outputDir, 'linux-unpacked', names.executableName);
}
