import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import png2icons from 'png2icons';
import sharp from 'sharp';
import { ROOT } from './bundle-app';

/** The one drawn source of every app icon. */
export const ICON_SOURCE = join(ROOT, 'build/icon.svg');
/** The Linux icon set electron-builder reads (`linux.icon`), one `<size>x<size>.png` per size. */
export const LINUX_ICON_DIR = join(ROOT, 'build/icons');
/** The macOS icon (`mac.icon`). */
export const MAC_ICON = join(ROOT, 'build/icon.icns');
/** The Windows icon (`win.icon`). */
export const WINDOWS_ICON = join(ROOT, 'build/icon.ico');
/** The square sizes of the Linux set: the hicolor theme's sizes up to the 1024 master. */
export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
/** The drawn source of the macOS menu-bar icon, on the menu bar's 16-point grid. */
export const TRAY_ICON_SOURCE = join(ROOT, 'build/tray-icon.svg');
/** Where the menu-bar icon's template images are (the bundler copies them beside `tray.png`). */
export const TRAY_ICON_DIR = join(ROOT, 'build/tray');
/**
 * The macOS menu-bar template images and their pixel sizes: 16 points, and 32 pixels for Retina
 * screens. Electron treats an image whose name ends with `Template` as a template (macOS tints
 * it for a light or dark menu bar) and picks the `@2x` file on a Retina screen itself.
 */
export const TRAY_TEMPLATE_SIZES = { 'trayTemplate.png': 16, 'trayTemplate@2x.png': 32 } as const;

/** Renders the SVG source as a square PNG of `size` pixels. */
async function renderPng(svg: Buffer, size: number): Promise<Buffer> {
  // The source is drawn on 1024 units, which sharp renders at 1024 pixels; every smaller size is
  // downscaled from that rendering.
  return sharp(svg).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * Renders the tray SVG as a template image of `size` pixels: every pixel black, the drawing in
 * the alpha channel alone (what macOS reads of a template).
 */
async function renderTemplate(svg: Buffer, size: number): Promise<Buffer> {
  // Rendered at the target size from the vector (72 dpi is one pixel per unit of the 16 grid).
  const alpha = await sharp(svg, { density: (72 * size) / 16 })
    .resize(size, size)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(size * size * 4);
  for (let at = 0; at < size * size; at += 1) pixels[at * 4 + 3] = alpha[at] ?? 0;
  return sharp(pixels, { raw: { width: size, height: size, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Renders build/tray-icon.svg into the macOS menu-bar template images. */
export async function makeTrayTemplates(): Promise<void> {
  const svg = await readFile(TRAY_ICON_SOURCE);
  await mkdir(TRAY_ICON_DIR, { recursive: true });
  for (const [file, size] of Object.entries(TRAY_TEMPLATE_SIZES))
    await writeFile(join(TRAY_ICON_DIR, file), await renderTemplate(svg, size));
}

/** png2icons reports failure with null rather than an exception. */
function required(made: Buffer | null, what: string): Buffer {
  if (made === null) throw new Error(`Could not make the ${what} from the icon source.`);
  return made;
}

/**
 * `npm run icons`: renders build/icon.svg into the Linux PNG set, the macOS .icns and the Windows
 * .ico, and build/tray-icon.svg into the macOS menu-bar templates. The generated files are
 * committed, since electron-builder and the bundler read them.
 */
export async function makeIcons(): Promise<void> {
  const svg = await readFile(ICON_SOURCE);
  await rm(LINUX_ICON_DIR, { recursive: true, force: true });
  await mkdir(LINUX_ICON_DIR, { recursive: true });
  for (const size of LINUX_ICON_SIZES)
    await writeFile(join(LINUX_ICON_DIR, `${size}x${size}.png`), await renderPng(svg, size));
  const master = await renderPng(svg, 1024);
  await writeFile(
    MAC_ICON,
    required(png2icons.createICNS(master, png2icons.BICUBIC, 0), 'macOS icon'),
  );
  // Sizes under 64 as bitmaps and the rest as PNG, as Windows Explorer expects of an executable.
  await writeFile(
    WINDOWS_ICON,
    required(png2icons.createICO(master, png2icons.BICUBIC, 0, false, true), 'Windows icon'),
  );
  await makeTrayTemplates();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await makeIcons();
  process.stdout.write(`Made the app icons from ${ICON_SOURCE}\n`);
}
