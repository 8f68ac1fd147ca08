import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  packagedExecutable,
  packagingTarget,
  platformPackaging,
  unpackedFolder,
} from '../../../build/packaging-electron';
import { packagedAppHome } from '../../support/packaged-app-harness';

// The real-Electron test packages and runs the app on Linux, macOS and Windows (GitHub
// Actions); what differs per system is decided here, without Electron, for all three.

const REAL = { kind: 'real', dist: '/e' } as const;
const names = { executableName: 'photo-uploader', productName: 'Photo Uploader' };

describe('what a dir packaging run builds for', () => {
  it('is this machine with a real Electron (macOS runners are arm64)', () => {
    expect(packagingTarget(REAL, 'linux', 'x64')).toEqual({ platform: 'linux', arch: 'x64' });
    expect(packagingTarget(REAL, 'darwin', 'arm64')).toEqual({ platform: 'darwin', arch: 'arm64' });
    expect(packagingTarget(REAL, 'darwin', 'x64')).toEqual({ platform: 'darwin', arch: 'x64' });
    expect(packagingTarget(REAL, 'win32', 'x64')).toEqual({ platform: 'win32', arch: 'x64' });
  });

  it('is Linux x64 with the stand-in, whatever the machine (the stand-in is a Linux layout)', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const)
      expect(packagingTarget({ kind: 'stand-in' }, platform, 'arm64')).toEqual({
        platform: 'linux',
        arch: 'x64',
      });
  });
});

describe('the unpacked folder and the executable in it', () => {
  it('are named as electron-builder names them on each system and processor', () => {
    expect(unpackedFolder({ platform: 'linux', arch: 'x64' })).toBe('linux-unpacked');
    expect(unpackedFolder({ platform: 'linux', arch: 'arm64' })).toBe('linux-arm64-unpacked');
    expect(unpackedFolder({ platform: 'darwin', arch: 'x64' })).toBe('mac');
    expect(unpackedFolder({ platform: 'darwin', arch: 'arm64' })).toBe('mac-arm64');
    expect(unpackedFolder({ platform: 'win32', arch: 'x64' })).toBe('win-unpacked');
  });

  // Paths on this machine (the tests also run on Windows): joined with its separator.
  it('finds the executable of an arm64 build on macOS', () => {
    expect(packagedExecutable('/p/out', names, 'darwin', 'arm64')).toBe(
      join('/p/out/mac-arm64/Photo Uploader.app/Contents/MacOS/Photo Uploader'),
    );
    expect(packagedExecutable('/p/out', names, 'linux', 'x64')).toBe(
      join('/p/out/linux-unpacked/photo-uploader'),
    );
    expect(packagedExecutable('/p/out', names, 'win32', 'x64')).toBe(
      join('/p/out/win-unpacked/Photo Uploader.exe'),
    );
  });
});

describe('the packaging settings of each system', () => {
  it('write the desktop entry on Linux only', () => {
    expect(platformPackaging({ platform: 'linux', arch: 'x64' })).toEqual({
      desktopEntry: true,
      macIdentity: 'declared',
    });
    expect(platformPackaging({ platform: 'win32', arch: 'x64' }).desktopEntry).toBe(false);
  });

  it('on macOS look up no signing identity', () => {
    expect(platformPackaging({ platform: 'darwin', arch: 'arm64' })).toEqual({
      desktopEntry: false,
      macIdentity: 'none',
    });
  });
});

describe("where the packaged app's data folder moves in a test", () => {
  it('Linux: with XDG_CONFIG_HOME', () => {
    expect(packagedAppHome('/tmp/r', 'linux')).toEqual({
      env: { XDG_CONFIG_HOME: '/tmp/r/config' },
      dataDir: '/tmp/r/config/Photo Uploader',
    });
  });

  it('macOS: with HOME', () => {
    expect(packagedAppHome('/tmp/r', 'darwin')).toEqual({
      env: { HOME: '/tmp/r/home' },
      dataDir: '/tmp/r/home/Library/Application Support/Photo Uploader',
    });
  });

  it('Windows: with APPDATA', () => {
    expect(packagedAppHome('C:\\Temp\\r', 'win32')).toEqual({
      env: { APPDATA: 'C:\\Temp\\r\\AppData\\Roaming' },
      dataDir: 'C:\\Temp\\r\\AppData\\Roaming\\Photo Uploader',
    });
  });
});
