import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ICON_SOURCE,
  LINUX_ICON_DIR,
  LINUX_ICON_SIZES,
  MAC_ICON,
  TRAY_ICON_DIR,
  TRAY_TEMPLATE_SIZES,
  WINDOWS_ICON,
} from '../../../build/make-icons';
import sharp from 'sharp';
import { ROOT } from '../../support/upload-harness';

// The committed packaging resources electron-builder reads: the icons `npm run icons` renders
// from build/icon.svg, and package.json's engines.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's pixel size, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The element types of an Apple icon file, checking that its lengths add up. */
function icnsTypes(icns: Buffer): string[] {
  expect(icns.toString('latin1', 0, 4)).toBe('icns');
  expect(icns.readUInt32BE(4)).toBe(icns.length);
  const types: string[] = [];
  let offset = 8;
  while (offset < icns.length) {
    const length = icns.readUInt32BE(offset + 4);
    expect(length).toBeGreaterThan(8);
    types.push(icns.toString('latin1', offset, offset + 4));
    offset += length;
  }
  expect(offset).toBe(icns.length);
  return types;
}

/** The square sizes in a Windows icon file, checking each image lies inside the file. */
function icoSizes(ico: Buffer): number[] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  const count = ico.readUInt16LE(4);
  const sizes: number[] = [];
  for (let entry = 0; entry < count; entry += 1) {
    const at = 6 + entry * 16;
    const width = ico[at] === 0 ? 256 : (ico[at] ?? -1);
    const height = ico[at + 1] === 0 ? 256 : (ico[at + 1] ?? -1);
    expect(height).toBe(width);
    const bytes = ico.readUInt32LE(at + 8);
    const offset = ico.readUInt32LE(at + 12);
    expect(offset).toBeGreaterThanOrEqual(6 + count * 16);
    expect(offset + bytes).toBeLessThanOrEqual(ico.length);
    sizes.push(width);
  }
  return sizes;
}

describe('the app icons', () => {
  it('have one drawn source', async () => {
    expect(await readFile(ICON_SOURCE, 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 1024 1024"/);
  });

  it('include a Linux PNG of every size from 16 to 1024 pixels', async () => {
    for (const size of LINUX_ICON_SIZES) {
      const png = await readFile(join(LINUX_ICON_DIR, `${size}x${size}.png`));
      expect(pngSize(png), `${size}x${size}.png`).toEqual({ width: size, height: size });
    }
  });

  it('include a macOS .icns that parses, up to the 1024-pixel Retina image', async () => {
    const types = icnsTypes(await readFile(MAC_ICON));
    // ic10: 512 pt @2x (1024 px); ic09: 512 px; ic08: 256 px; ic07: 128 px.
    for (const type of ['ic10', 'ic09', 'ic08', 'ic07']) expect(types).toContain(type);
  });

  it('include the macOS menu-bar icon: a template image, black with alpha, 16 px and 32 px @2x', async () => {
    expect(TRAY_TEMPLATE_SIZES).toEqual({ 'trayTemplate.png': 16, 'trayTemplate@2x.png': 32 });
    for (const [file, size] of Object.entries(TRAY_TEMPLATE_SIZES)) {
      const { data, info } = await sharp(await readFile(join(TRAY_ICON_DIR, file)))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect({ width: info.width, height: info.height, channels: info.channels }, file).toEqual({
        width: size,
        height: size,
        channels: 4,
      });
      // macOS draws a template from its alpha alone: every pixel black, the shape in alpha.
      let opaque = 0;
      let clear = 0;
      for (let at = 0; at < data.length; at += 4) {
        expect([data[at], data[at + 1], data[at + 2]], `${file} pixel ${at / 4}`).toEqual([
          0, 0, 0,
        ]);
        if (data[at + 3] === 255) opaque += 1;
        if (data[at + 3] === 0) clear += 1;
      }
      expect(opaque, file).toBeGreaterThan(size * 2);
      expect(clear, file).toBeGreaterThan(size * 2);
    }
  });

  it('include a Windows .ico that parses, from 16 to 256 pixels', async () => {
    const sizes = icoSizes(await readFile(WINDOWS_ICON));
    for (const size of [16, 24, 32, 48, 64, 128, 256]) expect(sizes).toContain(size);
  });
});

describe('electron-builder.yml', () => {
  it('points every platform at the generated icons', async () => {
    const config = await getConfig(ROOT, null, null);
    expect(config.linux?.icon).toBe('build/icons');
    expect(config.mac?.icon).toBe('build/icon.icns');
    expect(config.win?.icon).toBe('build/icon.ico');
    expect(join(ROOT, 'build/icons')).toBe(LINUX_ICON_DIR);
    expect(join(ROOT, 'build/icon.icns')).toBe(MAC_ICON);
    expect(join(ROOT, 'build/icon.ico')).toBe(WINDOWS_ICON);
  });
});

describe("package.json's engines", () => {
  const manifest = z.object({
    engines: z.object({ node: z.string(), electron: z.string() }),
    devDependencies: z.record(z.string(), z.string()),
  });

  it('name Node 20.19 or later for the tools and tests, and the Electron 45 the app runs on', async () => {
    const { engines, devDependencies } = manifest.parse(
      JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')),
    );
    expect(engines.node).toBe('>=20.19');
    // The Node these tests run on meets it.
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
    // The tools are typed against that Node's API (which Electron 45's Node 22 also has).
    expect(devDependencies['@types/node']).toMatch(/^20\.19\./);
    // The app: the Electron it is built and packaged with.
    expect(engines.electron).toBe(`^${devDependencies.electron}`);
    expect(devDependencies.electron).toMatch(/^45\./);
  });
});
