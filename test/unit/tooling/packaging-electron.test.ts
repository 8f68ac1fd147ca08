import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { asarLocation, bareImports } from '../../../build/asar-paths';
import {
  distOfBinary,
  type Fuses,
  fusesToFlip,
  packagedExecutable,
  packagingElectron,
} from '../../../build/packaging-electron';

const DECLARED: Fuses = {
  runAsNode: false,
  enableNodeCliInspectArguments: false,
  onlyLoadAppFromAsar: true,
};

describe('which Electron a packaging run copies', () => {
  it('is the folder of the installed binary (ELECTRON_OVERRIDE_DIST_PATH or node_modules)', () => {
    expect(packagingElectron('/opt/electron-45/electron')).toEqual({
      kind: 'real',
      dist: '/opt/electron-45',
    });
    expect(distOfBinary('/x/dist/Electron.app/Contents/MacOS/Electron')).toBe('/x/dist');
  });

  it('is the stand-in when no binary is installed', () => {
    expect(packagingElectron(undefined)).toEqual({ kind: 'stand-in' });
  });
});

describe('the fuses a packaging run flips', () => {
  it('none with the stand-in (it has no fuse wire)', () => {
    expect(fusesToFlip({ kind: 'stand-in' }, DECLARED, false)).toBeNull();
    expect(fusesToFlip({ kind: 'stand-in' }, DECLARED, true)).toBeNull();
  });

  it('the declared ones with a real binary', () => {
    expect(fusesToFlip({ kind: 'real', dist: '/e' }, DECLARED, false)).toEqual(DECLARED);
    expect(fusesToFlip({ kind: 'real', dist: '/e' }, null, false)).toBeNull();
  });

  it('the declared ones but the inspector arguments, for a build Playwright drives', () => {
    expect(fusesToFlip({ kind: 'real', dist: '/e' }, DECLARED, true)).toEqual({
      ...DECLARED,
      enableNodeCliInspectArguments: true,
    });
  });
});

describe('the packaged executable of a dir build', () => {
  const names = { executableName: 'photo-uploader', productName: 'Photo Uploader' };

  it('is named by executableName on Linux, by the product on macOS and Windows', () => {
    expect(packagedExecutable('/p/out', names, 'linux')).toBe(
      '/p/out/linux-unpacked/photo-uploader',
    );
    expect(packagedExecutable('/p/out', names, 'darwin')).toBe(
      '/p/out/mac/Photo Uploader.app/Contents/MacOS/Photo Uploader',
    );
    expect(packagedExecutable('/p/out', names, 'win32')).toMatch(
      /win-unpacked.Photo Uploader\.exe$/,
    );
  });
});

describe('worker URLs inside the asar', () => {
  it('name the archive and the entry in it', () => {
    const main = pathToFileURL('/opt/Photo Uploader/resources/app.asar/dist/app/main/index.js');
    expect(asarLocation(new URL('./media-worker.js', main))).toEqual({
      archive: '/opt/Photo Uploader/resources/app.asar',
      entry: 'dist/app/main/media-worker.js',
    });
  });

  it('are plain files outside an archive (and in app.asar.unpacked)', () => {
    expect(asarLocation(pathToFileURL('/repo/dist/app/main/media-worker.js'))).toBeUndefined();
    expect(
      asarLocation(pathToFileURL('/o/resources/app.asar.unpacked/node_modules/x.node')),
    ).toBeUndefined();
  });
});

describe('the packages a bundle imports', () => {
  it('are the bare names, scoped or not, without built-ins or relative files', () => {
    const source = [
      'import { parentPort } from "node:worker_threads";',
      'import fs from "fs";',
      'import decode from "heic-decode";',
      'import { lookup } from "@photostructure/tz-lookup/tz.js";',
      "import './side-effect.js';",
      'import x from "./local.js";',
      'const sharp = await import("sharp");',
      'import "exifr";',
    ].join('\n');
    expect(bareImports(source)).toEqual([
      '@photostructure/tz-lookup',
      'exifr',
      'heic-decode',
      'sharp',
    ]);
  });
});
